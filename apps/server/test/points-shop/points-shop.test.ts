import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { makeCoupon } from '../support/commerce-factories.ts';
import { stockKeys } from '../support/keys-factories.ts';
import { awardScore } from '../../src/modules/accounts/index.ts';
import { accounts, pointRecords } from '../../src/modules/accounts/tables.ts';
import { accountCoupons } from '../../src/modules/coupons/tables.ts';
import { skus } from '../../src/modules/catalog/tables.ts';
import { gameKeys } from '../../src/modules/keys/tables.ts';
import { orders } from '../../src/modules/orders/tables.ts';
import { pointRedeems, pointRedemptions } from '../../src/modules/points-shop/tables.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();
let admin: { id: number; token: string };
let adminAbroad: { id: number; token: string };
beforeAll(async () => {
  admin = await makeAccount(t, { role: 'admin' });
  adminAbroad = await makeAccount(t, { role: 'admin', area: 'abroad' });
});

const nowSec = () => Math.floor(t.clock.now().getTime() / 1000);
const title = { chs: '积分兑换', en: 'Points redeem' };

async function pointsSku(points = 3000, listPoints = 4000, area: 'native' | 'abroad' = 'native') {
  const sku = await makeSku(t, { area, listPrice: 9800 });
  await t.deps.db.update(skus).set({ canPointsPay: true, salePoints: points, listPoints }).where(eq(skus.id, sku.id));
  return sku;
}

async function giveScore(accountId: number, score: number) {
  await awardScore(t.deps.db, accountId, score, 'test');
}

async function makeRedeem(body: Record<string, unknown>, area: 'native' | 'abroad' = 'native') {
  const res = await api[area].post('/api/admin/point_redeems', { point_redeem: { area, title, from_timestamp: nowSec() - 60, ...body } }, { token: area === 'native' ? admin.token : adminAbroad.token });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function couponRedeem(options: { points?: number; left?: number; limit?: number | null; area?: 'native' | 'abroad'; couponLeft?: number } = {}) {
  const area = options.area ?? 'native';
  const coupon = await makeCoupon(t, { area, leftAmount: options.couponLeft ?? 500, totalAmount: 500 });
  return makeRedeem({ type: 'coupon', target_id: coupon.id, points: options.points ?? 200, list_points: 300, left_count: options.left ?? 10, per_account_limit: options.limit === undefined ? 1 : options.limit }, area);
}

const redeem = (token: string, id: number, area: 'native' | 'abroad' = 'native') => api[area].post(`/api/point_redeems/${id}/redeem`, undefined, { token });
const leftOf = async (id: number) => (await t.deps.db.select({ left: pointRedeems.leftCount }).from(pointRedeems).where(eq(pointRedeems.id, id)))[0]!.left;
const scoreOf = async (id: number) => (await t.deps.db.select({ score: accounts.score }).from(accounts).where(eq(accounts.id, id)))[0]!.score;

describe('staff API', () => {
  it('creates redeems (admins only): a coupon priced by staff, a SKU at its own points price; edits and closes them', async () => {
    const user = await makeAccount(t);
    const coupon = await makeCoupon(t);
    const body = { point_redeem: { area: 'native', title, type: 'coupon', target_id: coupon.id, points: 100, left_count: 5, from_timestamp: nowSec() } };
    expect((await api.native.post('/api/admin/point_redeems', body)).statusCode).toBe(401);
    expect((await api.native.post('/api/admin/point_redeems', body, { token: user.token })).statusCode).toBe(403);
    const created = await couponRedeem({ points: 150 });
    expect(created).toMatchObject({ type: 'coupon', points: 150, list_points: 300, left_count: 10, total_count: 10, status: 'current', closed: false, coupon: { id: created.target_id }, sku: null });
    const sku = await pointsSku(2500, 3500);
    const bySku = await makeRedeem({ type: 'sku', target_id: sku.id, points: 1, left_count: 3 });
    expect(bySku).toMatchObject({ type: 'sku', target_id: sku.id, points: 2500, list_points: 3500, sku: { id: sku.id }, cover: expect.stringContaining('/media/covers/') });
    const edited = await api.native.patch(`/api/admin/point_redeems/${created.id}`, { point_redeem: { points: 120, left_count: 20, index: 4, closed: true } }, { token: admin.token });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ points: 120, left_count: 20, total_count: 20, index: 4, closed: true });
    expect((await api.native.patch(`/api/admin/point_redeems/${bySku.id}`, { point_redeem: { points: 10 } }, { token: admin.token })).json().errors).toEqual({ points: ['invalid'] });
    expect((await api.native.patch('/api/admin/point_redeems/987654321', { point_redeem: { closed: true } }, { token: admin.token })).statusCode).toBe(404);
    expect((await api.native.patch(`/api/admin/point_redeems/${created.id}`, { point_redeem: { closed: false } }, { token: user.token })).statusCode).toBe(403);
  });

  it('refuses a target of the other site, a SKU without a points price, a coupon without points and a bad window', async () => {
    const post = (point_redeem: Record<string, unknown>) => api.native.post('/api/admin/point_redeems', { point_redeem: { area: 'native', title, left_count: 1, from_timestamp: nowSec(), ...point_redeem } }, { token: admin.token });
    const abroadCoupon = await makeCoupon(t, { area: 'abroad' });
    const coupon = await makeCoupon(t);
    const plain = await makeSku(t);
    expect((await post({ type: 'coupon', target_id: abroadCoupon.id, points: 5 })).json().errors).toEqual({ target_id: ['invalid'] });
    expect((await post({ type: 'coupon', target_id: coupon.id })).json().errors).toEqual({ points: ['blank'] });
    expect((await post({ type: 'sku', target_id: plain.id })).json().errors).toEqual({ target_id: ['points_unsupported'] });
    expect((await post({ type: 'sku', target_id: 987654321 })).json().errors).toEqual({ target_id: ['invalid'] });
    expect((await post({ type: 'coupon', target_id: coupon.id, points: 5, to_timestamp: nowSec() - 1 })).json().errors).toEqual({ to_timestamp: ['invalid'] });
    expect((await post({ type: 'coupon', target_id: coupon.id, points: -5 })).statusCode).toBe(422);
  });
});

describe('GET /api/point_redeems', () => {
  it('lists the site\'s redeems by index, coming ones too, not ended or closed; the viewer\'s points and counts when signed in', async () => {
    const area = 'abroad';
    const second = await couponRedeem({ area });
    await api.abroad.patch(`/api/admin/point_redeems/${second.id}`, { point_redeem: { index: 2 } }, { token: adminAbroad.token });
    const first = await couponRedeem({ area });
    await api.abroad.patch(`/api/admin/point_redeems/${first.id}`, { point_redeem: { index: 1 } }, { token: adminAbroad.token });
    const coming = await makeRedeem({ type: 'coupon', target_id: (await makeCoupon(t, { area })).id, points: 5, left_count: 1, from_timestamp: nowSec() + 600, index: 3 }, area);
    const ended = await makeRedeem({ type: 'coupon', target_id: (await makeCoupon(t, { area })).id, points: 5, left_count: 1, from_timestamp: nowSec() - 600, to_timestamp: nowSec() - 1 }, area);
    const closed = await couponRedeem({ area });
    await api.abroad.patch(`/api/admin/point_redeems/${closed.id}`, { point_redeem: { closed: true } }, { token: adminAbroad.token });

    const guest = (await api.abroad.get('/api/point_redeems')).json();
    expect(guest.point_redeems.map((r: { id: number }) => r.id)).toEqual([first.id, second.id, coming.id]);
    expect(guest.point_redeems[2].status).toBe('not_start');
    expect(guest).toMatchObject({ score: null, redeemed: [] });
    expect(guest.point_redeems.map((r: { id: number }) => r.id)).not.toContain(ended.id);

    const buyer = await makeAccount(t, { area });
    await giveScore(buyer.id, 1000);
    expect((await redeem(buyer.token, first.id, area)).statusCode).toBe(201);
    const mine = (await api.abroad.get('/api/point_redeems', { token: buyer.token })).json();
    expect(mine.score).toBe(800);
    expect(mine.redeemed).toEqual([{ point_redeem_id: first.id, count: 1 }]);
    // The other site does not see them.
    expect((await api.native.get('/api/point_redeems')).json().point_redeems.map((r: { id: number }) => r.id)).not.toContain(first.id);
  });
});

describe('POST /api/point_redeems/{id}/redeem', () => {
  it('is for signed-in users; an unknown redeem or one of the other site is a 404', async () => {
    const created = await couponRedeem();
    expect((await api.native.post(`/api/point_redeems/${created.id}/redeem`)).statusCode).toBe(401);
    const buyer = await makeAccount(t);
    expect((await redeem(buyer.token, 987654321)).statusCode).toBe(404);
    expect((await redeem((await makeAccount(t, { area: 'abroad' })).token, created.id, 'abroad')).statusCode).toBe(404);
  });

  it('gives a coupon: points spent with a consume record, one unit taken, the coupon held', async () => {
    const created = await couponRedeem({ points: 200, left: 5 });
    const buyer = await makeAccount(t);
    await giveScore(buyer.id, 500);
    const res = await redeem(buyer.token, created.id);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ score: 300, order_id: null, account_coupon_id: expect.any(Number), point_redeem: { id: created.id, left_count: 4 } });
    expect(await leftOf(created.id)).toBe(4);
    const [held] = await t.deps.db.select().from(accountCoupons).where(eq(accountCoupons.id, body.account_coupon_id));
    expect(held).toMatchObject({ accountId: buyer.id, couponId: created.target_id });
    const records = await t.deps.db.select().from(pointRecords).where(and(eq(pointRecords.accountId, buyer.id), eq(pointRecords.kind, 'consume')));
    expect(records).toEqual([expect.objectContaining({ realScore: -200, reason: 'point_redeem', targetType: 'point_redeem', targetId: created.id })]);
    const details = (await api.native.get('/api/point_details', { token: buyer.token })).json().point_details;
    expect(details[0]).toMatchObject({ kind: 'consume', real_score: -200, target_id: created.id });
    // The coupon is the buyer's, under the user centre's coupons.
    const mine = (await api.native.get('/api/me/account_coupons', { token: buyer.token })).json().account_coupons;
    expect(mine.map((c: { coupon_id: number }) => c.coupon_id)).toContain(created.target_id);
  });

  it('gives a game key through a zero-price order completed at once: key assigned, game in the library', async () => {
    const sku = await pointsSku(2000, 3000);
    await stockKeys(t, sku.id, ['POINT-SSHOP-00001']);
    const created = await makeRedeem({ type: 'sku', target_id: sku.id, left_count: 2 });
    const buyer = await makeAccount(t);
    await giveScore(buyer.id, 2500);
    const res = await redeem(buyer.token, created.id);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ score: 500, account_coupon_id: null, order_id: expect.any(Number) });
    const [order] = await t.deps.db.select().from(orders).where(eq(orders.id, body.order_id));
    expect(order).toMatchObject({ accountId: buyer.id, state: 'completed', totalAmount: 0 });
    const [key] = await t.deps.db.select().from(gameKeys).where(eq(gameKeys.skuId, sku.id));
    expect(key).toMatchObject({ state: 'assigned', accountId: buyer.id });
    expect((await api.native.get('/api/game_key', { token: buyer.token })).json().game_keys[0]).toMatchObject({ sku_id: sku.id });
    // A game is one copy per account: a second redeem of it is refused, and nothing is spent.
    await api.native.patch(`/api/admin/point_redeems/${created.id}`, { point_redeem: { per_account_limit: 5 } }, { token: admin.token });
    await giveScore(buyer.id, 5000);
    expect((await redeem(buyer.token, created.id)).json().errors).toEqual({ sku: ['owned'] });
    expect(await scoreOf(buyer.id)).toBe(5500);
    expect(await leftOf(created.id)).toBe(1);
  });

  it('answers each reason and takes nothing: no_grade_left (with the points missing), no_inventory, exceed_limit, inactive, not_in_period', async () => {
    const buyer = await makeAccount(t);
    const created = await couponRedeem({ points: 200, left: 1, limit: 1 });
    await giveScore(buyer.id, 50);
    const short = await redeem(buyer.token, created.id);
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ errors: { points: ['no_grade_left'] }, meta: { missing_points: 150 } });
    expect(await leftOf(created.id)).toBe(1);
    expect(await scoreOf(buyer.id)).toBe(50);

    await giveScore(buyer.id, 1000);
    expect((await redeem(buyer.token, created.id)).statusCode).toBe(201);
    const other = await makeAccount(t);
    await giveScore(other.id, 1000);
    expect((await redeem(other.token, created.id)).json().errors).toEqual({ point_redeem: ['no_inventory'] });
    await api.native.patch(`/api/admin/point_redeems/${created.id}`, { point_redeem: { left_count: 5 } }, { token: admin.token });
    expect((await redeem(buyer.token, created.id)).json().errors).toEqual({ point_redeem: ['exceed_limit'] });

    const later = await makeRedeem({ type: 'coupon', target_id: (await makeCoupon(t)).id, points: 5, left_count: 1, from_timestamp: nowSec() + 60 });
    expect((await redeem(other.token, later.id)).json().errors).toEqual({ point_redeem: ['not_in_period'] });
    await api.native.patch(`/api/admin/point_redeems/${later.id}`, { point_redeem: { from_timestamp: nowSec() - 60, to_timestamp: nowSec() + 5 } }, { token: admin.token });
    t.clock.advance(5);
    expect((await redeem(other.token, later.id)).json().errors).toEqual({ point_redeem: ['inactive'] });
    expect(await scoreOf(other.id)).toBe(1000);
  });

  it('gives nothing and keeps the points when the coupon is held already or run out', async () => {
    const coupon = await makeCoupon(t, { leftAmount: 1, totalAmount: 1 });
    const created = await makeRedeem({ type: 'coupon', target_id: coupon.id, points: 10, left_count: 5, per_account_limit: null });
    const buyer = await makeAccount(t);
    await giveScore(buyer.id, 100);
    expect((await redeem(buyer.token, created.id)).statusCode).toBe(201);
    expect((await redeem(buyer.token, created.id)).json().errors).toEqual({ account: ['taken'] });
    const other = await makeAccount(t);
    await giveScore(other.id, 100);
    expect((await redeem(other.token, created.id)).json().errors).toEqual({ point_redeem: ['no_inventory'] });
    expect(await scoreOf(buyer.id)).toBe(90);
    expect(await scoreOf(other.id)).toBe(100);
    expect(await leftOf(created.id)).toBe(4);
  });
});

describe('POST /api/point_redeems/{id}/orders', () => {
  it('places an order of the SKU holding one unit; paid with points at checkout; the unit comes back when it ends unpaid', async () => {
    const sku = await pointsSku(1200, 1500);
    await stockKeys(t, sku.id, ['POINT-SORDE-00001']);
    const created = await makeRedeem({ type: 'sku', target_id: sku.id, left_count: 2 });
    const buyer = await makeAccount(t);
    await giveScore(buyer.id, 1300);
    const guest = await api.native.post(`/api/point_redeems/${created.id}/orders`, {});
    expect(guest.statusCode, guest.body).toBe(401);
    const res = await api.native.post(`/api/point_redeems/${created.id}/orders`, {}, { token: buyer.token });
    expect(res.statusCode, res.body).toBe(201);
    expect(await leftOf(created.id)).toBe(1);
    const orderId = res.json().id;
    const [order0] = await t.deps.db.select().from(orders).where(eq(orders.id, orderId));
    const paid = await api.native.patch(`/api/orders/${orderId}/pay`, { payment: { payment_method: 'points', version: order0!.version } }, { token: buyer.token });
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    expect(await scoreOf(buyer.id)).toBe(100);
    const [order] = await t.deps.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.state).toBe('completed');

    // Another order, canceled unpaid: the unit comes back.
    const other = await makeAccount(t);
    const second = await api.native.post(`/api/point_redeems/${created.id}/orders`, {}, { token: other.token });
    expect(second.statusCode).toBe(201);
    expect(await leftOf(created.id)).toBe(0);
    expect((await api.native.post(`/api/point_redeems/${created.id}/orders`, {}, { token: (await makeAccount(t)).token })).json().errors).toEqual({ point_redeem: ['no_inventory'] });
    const canceled = await api.native.post(`/api/orders/${second.json().id}/cancel`, {}, { token: other.token });
    expect(canceled.statusCode, canceled.body).toBeLessThan(300);
    expect(await leftOf(created.id)).toBe(1);
    const [released] = await t.deps.db.select().from(pointRedemptions).where(eq(pointRedemptions.orderId, second.json().id));
    expect(released!.released).toBe(true);
  });

  it('is only for SKU redeems', async () => {
    const created = await couponRedeem();
    const buyer = await makeAccount(t);
    expect((await api.native.post(`/api/point_redeems/${created.id}/orders`, {}, { token: buyer.token })).json().errors).toEqual({ point_redeem: ['status_invalid'] });
  });
});

describe('home block point_redeems', () => {
  it('shows the site\'s live redeems with some left, the same for every viewer', async () => {
    const area = 'abroad';
    const live = await couponRedeem({ area, left: 3 });
    const soldOut = await couponRedeem({ area, left: 0 });
    t.clock.advance(10); // past the home's shared cache
    const home = (await api.abroad.get('/api/v7/home')).json();
    const ids = home.point_redeems.map((r: { id: number }) => r.id);
    expect(ids).toContain(live.id);
    expect(ids).not.toContain(soldOut.id);
    expect(home.point_redeems[0]).not.toHaveProperty('score');
  });
});

describe('parallel bursts', () => {
  it('100 parallel redeems of an item of 10: exactly 10 given, the rest no_inventory, left 0, no score below zero', { timeout: 240_000 }, async () => {
    const created = await couponRedeem({ points: 100, left: 10, limit: 1 });
    const buyers = await Promise.all(Array.from({ length: 100 }, () => makeAccount(t)));
    await Promise.all(buyers.map((b) => giveScore(b.id, 150)));
    const results = await Promise.all(buyers.map((b) => redeem(b.token, created.id)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode !== 201).map((r) => JSON.stringify(r.json().errors))).toEqual(Array(90).fill(JSON.stringify({ point_redeem: ['no_inventory'] })));
    expect(await leftOf(created.id)).toBe(0);
    const [given] = await t.deps.db.select({ n: count() }).from(accountCoupons).where(eq(accountCoupons.couponId, created.target_id));
    expect(given!.n).toBe(10);
  });

  it('one account spending from many tabs at once: the score never goes below zero, one record per unit', { timeout: 240_000 }, async () => {
    const created = await couponRedeem({ points: 300, left: 50, limit: null });
    const items = await Promise.all(Array.from({ length: 4 }, () => couponRedeem({ points: 300, left: 50, limit: null })));
    const buyer = await makeAccount(t);
    await giveScore(buyer.id, 1000);
    // 20 tabs over five redeems: each coupon can be held once, so at most 3 (900 points) can succeed.
    const all = [created, ...items];
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => redeem(buyer.token, all[i % all.length].id)));
    const ok = results.filter((r) => r.statusCode === 201).length;
    expect(ok).toBe(3);
    expect(await scoreOf(buyer.id)).toBe(100);
    const refusals = new Set(results.filter((r) => r.statusCode !== 201).map((r) => Object.values(r.json().errors ?? {}).flat()[0]));
    expect([...refusals].every((reason) => reason === 'no_grade_left' || reason === 'taken')).toBe(true);
    const spent = await t.deps.db.select({ n: count() }).from(pointRecords).where(and(eq(pointRecords.accountId, buyer.id), eq(pointRecords.kind, 'consume')));
    expect(spent[0]!.n).toBe(3);
  });

  it('the database refuses a score or a left_count below zero whatever writes it', async () => {
    const buyer = await makeAccount(t);
    await expect(t.deps.db.update(accounts).set({ score: -1 }).where(eq(accounts.id, buyer.id))).rejects.toThrow();
    const created = await couponRedeem();
    await expect(t.deps.db.update(pointRedeems).set({ leftCount: -1 }).where(eq(pointRedeems.id, created.id))).rejects.toThrow();
  });
});
