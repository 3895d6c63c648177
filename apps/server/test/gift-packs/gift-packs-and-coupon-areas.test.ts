import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { makeCoupon } from '../support/commerce-factories.ts';
import { accountCoupons, coupons } from '../../src/modules/coupons/tables.ts';
import { giftPackClaims, giftPacks } from '../../src/modules/gift-packs/tables.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();
let admin: { id: number; token: string };
beforeAll(async () => {
  admin = await makeAccount(t, { role: 'admin' });
});

const nowSec = () => Math.floor(t.clock.now().getTime() / 1000);
const title = { chs: '新人礼包', en: 'Welcome pack' };

async function makePack(body: Record<string, unknown> = {}) {
  const couponIds = (body.coupon_ids as number[] | undefined) ?? [(await makeCoupon(t)).id, (await makeCoupon(t)).id];
  const res = await api.native.post('/api/admin/event_gift_packs', { event_gift_pack: { area: 'native', title, from_timestamp: nowSec() - 60, ...body, coupon_ids: couponIds } }, { token: admin.token });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const claim = (token: string, id: number) => api.native.patch(`/api/event_gift_packs/${id}`, undefined, { token });
const heldCount = async (accountId: number) => (await t.deps.db.select({ n: count() }).from(accountCoupons).where(eq(accountCoupons.accountId, accountId)))[0]!.n;

describe('gift packs: staff API', () => {
  it('creates a pack with its coupons and games (admins only), edits and closes it', async () => {
    const user = await makeAccount(t);
    const coupon = await makeCoupon(t);
    const body = { event_gift_pack: { area: 'native', title, from_timestamp: nowSec(), coupon_ids: [coupon.id] } };
    expect((await api.native.post('/api/admin/event_gift_packs', body)).statusCode).toBe(401);
    expect((await api.native.post('/api/admin/event_gift_packs', body, { token: user.token })).statusCode).toBe(403);
    const sku = await makeSku(t);
    const pack = await makePack({ weight: 5, sku_ids: [sku.id] });
    expect(pack).toMatchObject({ weight: 5, status: 'current', sku_ids: [sku.id], claimed: false, coupons: [expect.objectContaining({ value: 1000 }), expect.any(Object)] });
    const edited = await api.native.patch(`/api/admin/event_gift_packs/${pack.id}`, { event_gift_pack: { weight: 9, sku_ids: [], closed: true } }, { token: admin.token });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ weight: 9, sku_ids: [], status: 'end' });
    expect((await api.native.patch('/api/admin/event_gift_packs/987654321', { event_gift_pack: { weight: 1 } }, { token: admin.token })).statusCode).toBe(404);
  });

  it('refuses coupons of the other site, a coupon twice, games of the other site and a bad window', async () => {
    const post = (pack: Record<string, unknown>) => api.native.post('/api/admin/event_gift_packs', { event_gift_pack: { area: 'native', title, from_timestamp: nowSec(), ...pack } }, { token: admin.token });
    const coupon = await makeCoupon(t);
    const abroad = await makeCoupon(t, { area: 'abroad' });
    const abroadSku = await makeSku(t, { area: 'abroad' });
    expect((await post({ coupon_ids: [abroad.id] })).json().errors).toEqual({ coupon_ids: ['invalid'] });
    expect((await post({ coupon_ids: [coupon.id, coupon.id] })).json().errors).toEqual({ coupon_ids: ['duplicate'] });
    expect((await post({ coupon_ids: [coupon.id], sku_ids: [abroadSku.id] })).json().errors).toEqual({ sku_ids: ['invalid'] });
    expect((await post({ coupon_ids: [coupon.id], to_timestamp: nowSec() - 5 })).json().errors).toEqual({ to_timestamp: ['invalid'] });
    expect((await post({ coupon_ids: [] })).statusCode).toBe(422);
  });
});

describe('GET /api/event_gift_packs', () => {
  it('lists the live packs by weight, then creation, descending, then id; claimed for the viewer', async () => {
    await t.deps.db.update(giftPacks).set({ closed: true });
    const light = await makePack({ weight: 1 });
    t.clock.advance(2);
    const heavyOld = await makePack({ weight: 5 });
    t.clock.advance(2);
    const heavyNew = await makePack({ weight: 5 });
    await makePack({ from_timestamp: nowSec() + 600, weight: 99 });
    const guest = (await api.native.get('/api/event_gift_packs')).json().event_gift_packs;
    expect(guest.map((p: { id: number }) => p.id)).toEqual([heavyNew.id, heavyOld.id, light.id]);
    expect(guest.every((p: { claimed: boolean }) => !p.claimed)).toBe(true);
    const user = await makeAccount(t);
    expect((await claim(user.token, heavyOld.id)).statusCode).toBe(200);
    const mine = (await api.native.get('/api/event_gift_packs', { token: user.token })).json().event_gift_packs;
    expect(mine.map((p: { claimed: boolean }) => p.claimed)).toEqual([false, true, false]);
    expect((await api.abroad.get('/api/event_gift_packs')).json().event_gift_packs).toEqual([]);
  });
});

describe('PATCH /api/event_gift_packs/{id}', () => {
  it('grants every coupon of the pack once; a second claim is already_claimed; sign-in required', async () => {
    const pack = await makePack();
    expect((await api.native.patch(`/api/event_gift_packs/${pack.id}`)).statusCode).toBe(401);
    const user = await makeAccount(t);
    const res = await claim(user.token, pack.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ event_gift_pack: { id: pack.id, claimed: true }, account_coupon_ids: [expect.any(Number), expect.any(Number)] });
    const mine = (await api.native.get('/api/me/account_coupons', { token: user.token })).json().account_coupons;
    expect(mine.map((c: { coupon_id: number }) => c.coupon_id).sort()).toEqual(pack.coupons.map((c: { id: number }) => c.id).sort());
    const again = await claim(user.token, pack.id);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ event_gift_pack: ['already_claimed'] });
    expect(await heldCount(user.id)).toBe(2);
    expect((await claim(user.token, 987654321)).statusCode).toBe(404);
  });

  it('keeps a coupon held already and grants the rest; a coupon run out refuses the whole pack', async () => {
    const held = await makeCoupon(t);
    const other = await makeCoupon(t);
    const pack = await makePack({ coupon_ids: [held.id, other.id] });
    const user = await makeAccount(t);
    expect((await api.native.patch(`/api/account_coupons/${held.id}`, {}, { token: user.token })).statusCode).toBe(200);
    expect((await claim(user.token, pack.id)).statusCode).toBe(200);
    expect(await heldCount(user.id)).toBe(2);
    const [left] = await t.deps.db.select({ left: coupons.leftAmount }).from(coupons).where(eq(coupons.id, held.id));
    expect(left!.left).toBe(99);

    const empty = await makeCoupon(t, { leftAmount: 0 });
    const full = await makeCoupon(t);
    const broken = await makePack({ coupon_ids: [full.id, empty.id] });
    const someone = await makeAccount(t);
    const res = await claim(someone.token, broken.id);
    expect(res.json().errors).toEqual({ event_gift_pack: ['no_inventory'] });
    expect(await heldCount(someone.id)).toBe(0);
    const [fullLeft] = await t.deps.db.select({ left: coupons.leftAmount }).from(coupons).where(eq(coupons.id, full.id));
    expect(fullLeft!.left).toBe(100);
  });

  it('answers inactive when ended or closed, not_in_period before it opens', async () => {
    const user = await makeAccount(t);
    const later = await makePack({ from_timestamp: nowSec() + 60 });
    expect((await claim(user.token, later.id)).json().errors).toEqual({ event_gift_pack: ['not_in_period'] });
    const short = await makePack({ to_timestamp: nowSec() + 5 });
    t.clock.advance(5);
    expect((await claim(user.token, short.id)).json().errors).toEqual({ event_gift_pack: ['inactive'] });
    const closed = await makePack();
    await api.native.patch(`/api/admin/event_gift_packs/${closed.id}`, { event_gift_pack: { closed: true } }, { token: admin.token });
    expect((await claim(user.token, closed.id)).json().errors).toEqual({ event_gift_pack: ['inactive'] });
  });

  it('20 parallel claims of one pack by one account: one claim, each coupon once', { timeout: 120_000 }, async () => {
    const pack = await makePack();
    const user = await makeAccount(t);
    const results = await Promise.all(Array.from({ length: 20 }, () => claim(user.token, pack.id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).every((r) => JSON.stringify(r.json().errors) === JSON.stringify({ event_gift_pack: ['already_claimed'] }))).toBe(true);
    expect(await heldCount(user.id)).toBe(2);
    const [claims] = await t.deps.db.select({ n: count() }).from(giftPackClaims).where(eq(giftPackClaims.packId, pack.id));
    expect(claims!.n).toBe(1);
  });
});

describe('GET /api/skus/{id}/service', () => {
  it('answers the live packs tied to the SKU with the viewer\'s claimed state, and the cross-sale, for signed-in users only', async () => {
    const sku = await makeSku(t);
    const tied = await makePack({ sku_ids: [sku.id], weight: 3 });
    await makePack();
    expect((await api.native.get(`/api/skus/${sku.id}/service`)).statusCode).toBe(401);
    const user = await makeAccount(t);
    const before = (await api.native.get(`/api/skus/${sku.id}/service`, { token: user.token })).json();
    expect(before.gift_packs.map((p: { id: number }) => p.id)).toEqual([tied.id]);
    expect(before.gift_packs[0]).toMatchObject({ claimed: false, coupons: [expect.any(Object), expect.any(Object)] });
    expect(Array.isArray(before.cross_sale)).toBe(true);
    await claim(user.token, tied.id);
    const after = (await api.native.get(`/api/skus/${sku.id}/service`, { token: user.token })).json();
    expect(after.gift_packs[0].claimed).toBe(true);
  });
});

describe('coupon areas', () => {
  it('staff define areas (admins only) of the site\'s listed coupons, edit them, and refuse others', async () => {
    const user = await makeAccount(t);
    const a = await makeCoupon(t);
    const body = { coupon_area: { area: 'native', title: { chs: '满减专区', en: 'Money off' }, from_timestamp: nowSec() - 60, coupon_ids: [a.id] } };
    expect((await api.native.post('/api/admin/coupon_areas', body, { token: user.token })).statusCode).toBe(403);
    const created = await api.native.post('/api/admin/coupon_areas', body, { token: admin.token });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ title: { en: 'Money off' }, index: 0, coupons: [expect.objectContaining({ id: a.id })] });
    const b = await makeCoupon(t);
    const edited = await api.native.patch(`/api/admin/coupon_areas/${created.json().id}`, { coupon_area: { index: 2, coupon_ids: [b.id, a.id] } }, { token: admin.token });
    expect(edited.json().coupons.map((c: { id: number }) => c.id)).toEqual([b.id, a.id]);
    const coded = await makeCoupon(t, { code: 'SECRET1' });
    const abroad = await makeCoupon(t, { area: 'abroad' });
    const post = (ids: number[]) => api.native.post('/api/admin/coupon_areas', { coupon_area: { ...body.coupon_area, coupon_ids: ids } }, { token: admin.token });
    expect((await post([coded.id])).json().errors).toEqual({ coupon_ids: ['invalid'] });
    expect((await post([abroad.id])).json().errors).toEqual({ coupon_ids: ['invalid'] });
    expect((await post([a.id, a.id])).json().errors).toEqual({ coupon_ids: ['duplicate'] });
    expect((await api.native.patch('/api/admin/coupon_areas/987654321', { coupon_area: { index: 1 } }, { token: admin.token })).statusCode).toBe(404);
  });

  it('the home block shows open areas in index order with their claimable coupons; claiming is the coupon\'s own claim', async () => {
    const make = async (index: number, ids: number[], extra: Record<string, unknown> = {}) => (await api.native.post('/api/admin/coupon_areas', {
      coupon_area: { area: 'native', title: { chs: `专区${index}`, en: `Area ${index}` }, index, from_timestamp: nowSec() - 60, coupon_ids: ids, ...extra },
    }, { token: admin.token })).json();
    const c1 = await makeCoupon(t);
    const c2 = await makeCoupon(t);
    const expired = await makeCoupon(t, { validUntil: new Date(t.clock.now().getTime() + 1000) });
    const second = await make(20, [c2.id]);
    const first = await make(10, [c1.id, expired.id]);
    const later = await make(5, [c1.id], { from_timestamp: nowSec() + 600 });
    const closed = await make(1, [c1.id]);
    await api.native.patch(`/api/admin/coupon_areas/${closed.id}`, { coupon_area: { closed: true } }, { token: admin.token });
    t.clock.advance(10);
    const home = (await api.native.get('/api/v7/home')).json();
    const ids = home.coupon_areas.map((a: { id: number }) => a.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids).not.toContain(later.id);
    expect(ids).not.toContain(closed.id);
    const shown = home.coupon_areas.find((a: { id: number }) => a.id === first.id);
    expect(shown.coupons.map((c: { id: number }) => c.id)).toEqual([c1.id]);
    const user = await makeAccount(t);
    expect((await api.native.patch(`/api/account_coupons/${c1.id}`, {}, { token: user.token })).statusCode).toBe(200);
    expect((await api.native.patch(`/api/account_coupons/${c1.id}`, {}, { token: user.token })).json().errors).toEqual({ account: ['taken'] });
  });
});
