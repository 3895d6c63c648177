import { describe, expect, it } from 'vitest';
import { days, makeContent, makeLayout, makeSku, makeTag, names } from '../support/catalog-factories.ts';
import { useTestApp } from '../support/test-app.ts';

// Each test starts from an empty store: home blocks are asserted whole.
const { t, api } = useTestApp({ each: 'test' });

const idsOf = (list: Array<{ id: number }>) => list.map((x) => x.id);
const inDays = (n: number) => new Date(t.clock.now().getTime() + days(n));

describe('GET /api/v7/home', () => {
  it('answers every block, empty on an empty store, with promotions and headline blocks as empty lists', async () => {
    const res = await api.native.get('/api/v7/home');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ banners: [], springboard: null, tagged: [], booths: [], boxes: [], cubes: [], ellipses: [], seckills: [], coupon_areas: [], point_redeems: [], headlines: [], pack_ids: [] });
  });

  it('fills each block from its kind of content, in position order, with drawn images', async () => {
    const sku = await makeSku(t);
    const second = await makeContent(t, { kind: 'banner', position: 2, imageSeed: 'banner-b', link: `/sku/${sku.id}`, relations: [{ targetType: 'sku', targetId: sku.id }] });
    const first = await makeContent(t, { kind: 'banner', position: 1, imageSeed: 'banner-a', title: names('Spring Sale', '春季特卖'), subtitle: names('Up to 80% off', '低至两折') });
    const booth = await makeContent(t, { kind: 'booth', imageSeed: 'booth-a' });
    const box = await makeContent(t, { kind: 'box' });
    const ellipse = await makeContent(t, { kind: 'ellipse' });
    const tagged = await makeContent(t, { kind: 'tagged' });
    const board = await makeContent(t, { kind: 'springboard', imageSeed: 'board', endedAt: inDays(3) });
    const home = (await api.native.get('/api/v7/home')).json();
    expect(idsOf(home.banners)).toEqual([first.id, second.id]);
    expect(home.banners[0]).toMatchObject({ kind: 'banner', title: { en: 'Spring Sale', chs: '春季特卖' }, subtitle: { en: 'Up to 80% off' }, image: '/media/covers/banner-a.svg?shape=banner', theme: 'default', cube_kind: null });
    expect(home.banners[1]).toMatchObject({ link: `/sku/${sku.id}`, skus: [expect.objectContaining({ id: sku.id })] });
    expect(home.springboard).toMatchObject({ id: board.id, image: '/media/covers/board.svg?shape=banner', ended_at_timestamp: Math.floor(inDays(3).getTime() / 1000) });
    expect(idsOf(home.booths)).toEqual([booth.id]);
    expect(home.booths[0].image).toBe('/media/covers/booth-a.svg?shape=horizontal');
    expect(idsOf(home.boxes)).toEqual([box.id]);
    expect(idsOf(home.ellipses)).toEqual([ellipse.id]);
    expect(idsOf(home.tagged)).toEqual([tagged.id]);
  });

  it('shows its SKUs as cards: what a card shows (cover, names, price, platform, status), not the full summary', async () => {
    const sku = await makeSku(t, { listPrice: 8800, salePrice: 4400 });
    await makeContent(t, { kind: 'booth', relations: [{ targetType: 'sku', targetId: sku.id }] });
    const [card] = (await api.native.get('/api/v7/home')).json().booths[0].skus;
    expect(Object.keys(card).sort()).toEqual(
      ['cate', 'currency', 'discount', 'edition', 'id', 'key_type', 'kind', 'list_price', 'released_at_timestamp', 'sale_price', 'sku_covers', 'sku_names', 'status'].sort(),
    );
    expect(card).toMatchObject({ id: sku.id, list_price: 8800, sale_price: 4400, discount: 50, currency: 'CNY', status: 'sale' });
    expect(card.sku_covers.vertical).toMatch(/^\/media\/covers\/.+shape=vertical$/);
  });

  it('orders what an item shows by custom weight, highest first, and leaves out SKUs that are not listed here', async () => {
    const low = await makeSku(t);
    const high = await makeSku(t);
    const mid = await makeSku(t, { status: 'pre_sale' });
    const off = await makeSku(t, { status: 'off' });
    const abroad = await makeSku(t, { area: 'abroad' });
    const booth = await makeContent(t, {
      kind: 'booth',
      relations: [
        { targetType: 'sku', targetId: low.id, customWeight: 1 },
        { targetType: 'sku', targetId: off.id, customWeight: 50 },
        { targetType: 'sku', targetId: high.id, customWeight: 100 },
        { targetType: 'sku', targetId: abroad.id, customWeight: 90 },
        { targetType: 'sku', targetId: mid.id, customWeight: 10 },
      ],
    });
    const [shown] = (await api.native.get('/api/v7/home')).json().booths;
    expect(shown.id).toBe(booth.id);
    expect(idsOf(shown.skus)).toEqual([high.id, mid.id, low.id]);
    expect(shown.cube_relations).toEqual([
      { target_type: 'sku', target_id: high.id, custom_weight: 100 },
      { target_type: 'sku', target_id: mid.id, custom_weight: 10 },
      { target_type: 'sku', target_id: low.id, custom_weight: 1 },
    ]);
  });

  it("shows a product relation as the product's first listed edition, and a tag relation as that tag's top SKUs", async () => {
    const standard = await makeSku(t, { editionPosition: 0 });
    await makeSku(t, { productId: standard.productId, editionPosition: 1 });
    const tag = await makeTag(t, { name: names('Roguelike', '肉鸽') });
    const top = await makeSku(t, { rank: 90, tagIds: [tag.id] });
    const next = await makeSku(t, { rank: 50, tagIds: [tag.id] });
    await makeSku(t, { rank: 99, tagIds: [tag.id], status: 'unpublished' });
    const cube = await makeContent(t, { kind: 'cube', cubeKind: 'Mall_Index_Game', relations: [{ targetType: 'product', targetId: standard.productId }] });
    const row = await makeContent(t, { kind: 'tagged', relations: [{ targetType: 'tag', targetId: tag.id }] });
    const home = (await api.native.get('/api/v7/home')).json();
    expect(home.cubes.find((c: { id: number }) => c.id === cube.id).skus.map((s: { id: number }) => s.id)).toEqual([standard.id]);
    const tagged = home.tagged.find((c: { id: number }) => c.id === row.id);
    expect(tagged.tags).toEqual([{ id: tag.id, name: { chs: '肉鸽', en: 'Roguelike' }, kind: 'genre' }]);
    expect(idsOf(tagged.skus)).toEqual([top.id, next.id]);
  });

  it('caps Hot_Group cubes at 4 and Mall_Index_Headline at 3, leaving other kinds whole', async () => {
    const hot = [];
    for (let i = 0; i < 5; i++) hot.push(await makeContent(t, { kind: 'cube', cubeKind: 'Hot_Group' }));
    const headline = [];
    for (let i = 0; i < 4; i++) headline.push(await makeContent(t, { kind: 'cube', cubeKind: 'Mall_Index_Headline' }));
    const other = [];
    for (let i = 0; i < 6; i++) other.push(await makeContent(t, { kind: 'cube', cubeKind: 'Mall_Index_Game' }));
    const cubes = (await api.native.get('/api/v7/home')).json().cubes as Array<{ id: number; cube_kind: string }>;
    expect(cubes.filter((c) => c.cube_kind === 'Hot_Group').map((c) => c.id)).toEqual(idsOf(hot).slice(0, 4));
    expect(cubes.filter((c) => c.cube_kind === 'Mall_Index_Headline').map((c) => c.id)).toEqual(idsOf(headline).slice(0, 3));
    expect(cubes.filter((c) => c.cube_kind === 'Mall_Index_Game')).toHaveLength(6);
    const listed = (await api.native.get('/api/cubes?kind=Hot_Group')).json().contents;
    expect(idsOf(listed)).toEqual(idsOf(hot).slice(0, 4));
    expect((await api.native.get('/api/cubes')).json().contents).toHaveLength(13);
    expect((await api.native.get('/api/cubes?kind=Nope')).json().contents).toEqual([]);
  });

  it('shows the spring board only until its end', async () => {
    const board = await makeContent(t, { kind: 'springboard', endedAt: inDays(1) });
    expect((await api.native.get('/api/v7/home')).json().springboard.id).toBe(board.id);
    expect((await api.native.get('/api/springboard')).json().springboard.id).toBe(board.id);
    t.clock.advance(86_400 - 1);
    expect((await api.native.get('/api/springboard')).json().springboard.id).toBe(board.id);
    t.clock.advance(1);
    expect((await api.native.get('/api/v7/home')).json().springboard).toBeNull();
    expect((await api.native.get('/api/springboard')).json()).toEqual({ springboard: null });
  });

  it('hides expired, future, draft and other-area content, and shows scheduled content once it starts', async () => {
    const live = await makeContent(t, { kind: 'banner' });
    await makeContent(t, { kind: 'banner', endedAt: inDays(-1) });
    const future = await makeContent(t, { kind: 'banner', startedAt: inDays(2) });
    await makeContent(t, { kind: 'banner', status: 'draft' });
    await makeContent(t, { kind: 'banner', area: 'abroad' });
    await makeContent(t, { kind: 'banner', placement: 'peripheral' });
    const ending = await makeContent(t, { kind: 'banner', endedAt: inDays(3) });
    expect(idsOf((await api.native.get('/api/v7/home')).json().banners)).toEqual([live.id, ending.id]);
    t.clock.advance(2 * 86_400);
    expect(idsOf((await api.native.get('/api/v7/home')).json().banners)).toEqual([live.id, future.id, ending.id]);
    t.clock.advance(86_400);
    expect(idsOf((await api.native.get('/api/v7/home')).json().banners)).toEqual([live.id, future.id]);
  });

  it("lists the ids of the published layouts' live packs, not drafts or expired ones", async () => {
    const layout = await makeLayout(t);
    const draftLayout = await makeLayout(t, { status: 'draft' });
    const a = await makeContent(t, { kind: 'pack', placement: 'layout', layoutId: layout.id, position: 1 });
    const b = await makeContent(t, { kind: 'pack', placement: 'layout', layoutId: layout.id, position: 2 });
    await makeContent(t, { kind: 'pack', placement: 'layout', layoutId: layout.id, status: 'draft' });
    await makeContent(t, { kind: 'pack', placement: 'layout', layoutId: layout.id, endedAt: inDays(-1) });
    await makeContent(t, { kind: 'pack', placement: 'layout', layoutId: draftLayout.id });
    expect((await api.native.get('/api/v7/home')).json().pack_ids).toEqual([a.id, b.id]);
    expect((await api.abroad.get('/api/v7/home')).json().pack_ids).toEqual([]);
  });

  it("keeps each site's home to its own area", async () => {
    const native = await makeContent(t, { kind: 'ellipse' });
    const abroad = await makeContent(t, { kind: 'ellipse', area: 'abroad' });
    expect(idsOf((await api.native.get('/api/ellipses')).json().contents)).toEqual([native.id]);
    expect(idsOf((await api.abroad.get('/api/ellipses')).json().contents)).toEqual([abroad.id]);
  });
});

describe('GET /api/v7/booths/{id} and /api/v7/boxes/{id}', () => {
  it('answers one live booth or box of this area, and 404 for anything else', async () => {
    const sku = await makeSku(t);
    const booth = await makeContent(t, { kind: 'booth', relations: [{ targetType: 'sku', targetId: sku.id }] });
    const box = await makeContent(t, { kind: 'box' });
    const expired = await makeContent(t, { kind: 'booth', endedAt: inDays(-1) });
    const abroad = await makeContent(t, { kind: 'box', area: 'abroad' });
    const boothRes = await api.native.get(`/api/v7/booths/${booth.id}`);
    expect(boothRes.statusCode).toBe(200);
    expect(boothRes.json()).toMatchObject({ id: booth.id, kind: 'booth', skus: [expect.objectContaining({ id: sku.id })] });
    expect((await api.native.get(`/api/v7/boxes/${box.id}.json`)).json().id).toBe(box.id);
    expect((await api.native.get(`/api/v7/boxes/${booth.id}`)).statusCode).toBe(404);
    expect((await api.native.get(`/api/v7/booths/${expired.id}`)).statusCode).toBe(404);
    expect((await api.native.get(`/api/v7/boxes/${abroad.id}`)).statusCode).toBe(404);
    expect((await api.abroad.get(`/api/v7/boxes/${abroad.id}`)).statusCode).toBe(200);
    expect((await api.native.get('/api/v7/booths/abc')).statusCode).toBe(422);
    expect((await api.native.get('/api/v7/booths/0')).statusCode).toBe(422);
  });
});
