import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../support/harness.ts';
import { clients } from '../support/client.ts';
import { days, makeAccount, makeContent, makeLayout, makeSku, makeTag, names } from '../support/catalog-factories.ts';
import { tags } from '../../src/modules/catalog/tables.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();
const ids: Record<string, number> = {};
let staff: string;
let user: string;
beforeAll(async () => {
  const inDays = (n: number) => new Date(t.clock.now().getTime() + days(n));
  const sku = await makeSku(t);
  ids.layout = (await makeLayout(t, { slug: 'spring-sale', title: names('Spring Sale', '春季特卖') })).id;
  ids.draftLayout = (await makeLayout(t, { slug: 'summer-preview', status: 'draft' })).id;
  ids.abroadLayout = (await makeLayout(t, { area: 'abroad', slug: 'spring-sale' })).id;
  ids.packA = (await makeContent(t, { kind: 'pack', placement: 'layout', layoutId: ids.layout, position: 1, theme: 'dark', relations: [{ targetType: 'sku', targetId: sku.id, customWeight: 5 }] })).id;
  ids.packB = (await makeContent(t, { kind: 'pack', placement: 'layout', layoutId: ids.layout, position: 2 })).id;
  ids.draftPack = (await makeContent(t, { kind: 'pack', placement: 'layout', layoutId: ids.layout, position: 3, status: 'draft' })).id;
  ids.futurePack = (await makeContent(t, { kind: 'pack', placement: 'layout', layoutId: ids.layout, position: 4, startedAt: inDays(5) })).id;
  ids.expiredPack = (await makeContent(t, { kind: 'pack', placement: 'layout', layoutId: ids.layout, position: 5, endedAt: inDays(-1) })).id;
  ids.draftLayoutPack = (await makeContent(t, { kind: 'pack', placement: 'layout', layoutId: ids.draftLayout, position: 1 })).id;
  ids.abroadPack = (await makeContent(t, { kind: 'pack', placement: 'layout', layoutId: ids.abroadLayout, area: 'abroad' })).id;
  staff = (await makeAccount(t, { role: 'staff' })).token;
  user = (await makeAccount(t, { role: 'editor' })).token;
  ids.sku = sku.id;
});

const idsOf = (list: Array<{ id: number }>) => list.map((x) => x.id);

describe('GET /api/custom/layouts', () => {
  it("lists this area's published layouts with their live, published packs", async () => {
    const res = await api.native.get('/api/custom/layouts');
    expect(res.statusCode).toBe(200);
    const { layouts } = res.json();
    expect(idsOf(layouts)).toEqual([ids.layout]);
    expect(layouts[0]).toMatchObject({ slug: 'spring-sale', title: { en: 'Spring Sale', chs: '春季特卖' }, status: 'published' });
    expect(idsOf(layouts[0].packs)).toEqual([ids.packA, ids.packB]);
    expect(layouts[0].packs[0]).toMatchObject({ kind: 'pack', theme: 'dark', skus: [expect.objectContaining({ id: ids.sku })] });
    expect(idsOf((await api.abroad.get('/api/custom/layouts')).json().layouts)).toEqual([ids.abroadLayout]);
  });

  it('finds a layout by slug', async () => {
    expect(idsOf((await api.native.get('/api/custom/layouts?slug=spring-sale')).json().layouts)).toEqual([ids.layout]);
    expect((await api.native.get('/api/custom/layouts?slug=nothing')).json().layouts).toEqual([]);
  });
});

describe('GET /api/custom/packs', () => {
  it('answers the packs asked for that show, in the order asked', async () => {
    const query = [ids.packB, ids.draftPack, ids.futurePack, ids.expiredPack, ids.draftLayoutPack, ids.abroadPack, ids.packA, 987654].map((id) => `ids[]=${id}`).join('&');
    const res = await api.native.get(`/api/custom/packs?${query}`);
    expect(res.statusCode).toBe(200);
    expect(idsOf(res.json().packs)).toEqual([ids.packB, ids.packA]);
    expect(idsOf((await api.native.get(`/api/custom/packs?ids=${ids.packA}`)).json().packs)).toEqual([ids.packA]);
  });

  it('takes at most 30 ids a batch', async () => {
    const thirty = Array.from({ length: 30 }, (_, i) => `ids[]=${i + 1}`).join('&');
    expect((await api.native.get(`/api/custom/packs?${thirty}`)).statusCode).toBe(200);
    const res = await api.native.get(`/api/custom/packs?${thirty}&ids[]=31`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: { ids: ['out_limit'] }, meta: { limit: 30 } });
  });

  it('answers a malformed request with a 422', async () => {
    expect((await api.native.get('/api/custom/packs')).statusCode).toBe(422);
    expect((await api.native.get('/api/custom/packs?ids[]=x')).statusCode).toBe(422);
  });
});

describe('the staff preview variants', () => {
  it('asks a guest to sign in and refuses an account without the staff permission', async () => {
    for (const path of ['/api/custom/layouts/preview', `/api/custom/packs/preview?ids[]=${ids.packA}`]) {
      const guest = await api.native.get(path);
      expect(guest.statusCode).toBe(401);
      const other = await api.native.get(path, { token: user });
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({ errors: { base: ['forbidden'] } });
    }
  });

  it('shows staff the drafts and scheduled packs, never expired ones', async () => {
    const layouts = (await api.native.get('/api/custom/layouts/preview', { token: staff })).json().layouts;
    expect(idsOf(layouts)).toEqual([ids.layout, ids.draftLayout]);
    expect(idsOf(layouts[0].packs)).toEqual([ids.packA, ids.packB, ids.draftPack, ids.futurePack]);
    expect(idsOf(layouts[1].packs)).toEqual([ids.draftLayoutPack]);
    const query = [ids.draftPack, ids.expiredPack, ids.draftLayoutPack, ids.futurePack].map((id) => `ids[]=${id}`).join('&');
    const packs = (await api.native.get(`/api/custom/packs/preview?${query}`, { token: staff })).json().packs;
    expect(idsOf(packs)).toEqual([ids.draftPack, ids.draftLayoutPack, ids.futurePack]);
  });

  it('keeps the 30-id batch limit in preview too', async () => {
    const many = Array.from({ length: 31 }, (_, i) => `ids[]=${i + 1}`).join('&');
    expect((await api.native.get(`/api/custom/packs/preview?${many}`, { token: staff })).statusCode).toBe(422);
  });
});

describe('GET /api/tags/timestamp', () => {
  it('answers the game tags in order with the time the list last changed', async () => {
    const fresh = await createTestApp();
    try {
      const local = clients(fresh);
      expect((await local.native.get('/api/tags/timestamp')).json()).toEqual({ tags: [], timestamp: 0 });
      const action = await makeTag(fresh, { kind: 'genre', position: 2, name: names('Action', '动作') });
      const puzzle = await makeTag(fresh, { kind: 'genre', position: 1 });
      const coop = await makeTag(fresh, { kind: 'feature', position: 1 });
      const keyboards = await makeTag(fresh, { kind: 'peri', position: 1 });
      const first = (await local.native.get('/api/tags/timestamp')).json();
      expect(first.tags.map((x: { id: number }) => x.id)).toEqual([coop.id, puzzle.id, action.id]);
      expect(first.tags[2]).toEqual({ id: action.id, name: { chs: '动作', en: 'Action' }, kind: 'genre' });
      expect(first.timestamp).toBe(Math.floor(fresh.clock.now().getTime() / 1000));
      fresh.clock.advance(3600);
      await fresh.deps.db.update(tags).set({ updatedAt: fresh.clock.now() }).where(eq(tags.id, action.id));
      expect((await local.native.get('/api/tags/timestamp')).json().timestamp).toBe(first.timestamp + 3600);
      expect((await local.native.get('/api/tags/timestamp?kind=peri')).json().tags.map((x: { id: number }) => x.id)).toEqual([keyboards.id]);
      expect((await local.native.get('/api/tags/timestamp?kind=post')).statusCode).toBe(422);
    } finally {
      await fresh.close();
    }
  });
});

describe('GET /api/server_switch', () => {
  it("tells each site which features exist: what the server serves is on, what is not built yet is off", async () => {
    const native = (await api.native.get('/api/server_switch')).json();
    expect(native.area).toBe('native');
    expect(native.switches).toMatchObject({
      store: true, search: true, wishlist: true, peripheral_shop: true, cart: true, coupons: true, orders: true, payments: true, keys: true, library: true,
      redeem: true, user_center: true, seckill: true, community: true, headlines: true, messages: false,
    });
    expect((await api.abroad.get('/api/server_switch.json')).json().area).toBe('abroad');
  });
});
