import { createHash, createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { drawMessage, pickWeighted, poolWeight, rollFromDigest, type PoolEntry } from '@lantern/domain';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { makeCoupon } from '../support/commerce-factories.ts';
import { makePaidOrder, makePendingOrder, steamCodes, stockKeys } from '../support/keys-factories.ts';
import { awardScore } from '../../src/modules/accounts/index.ts';
import { accounts, pointRecords } from '../../src/modules/accounts/tables.ts';
import { accountCoupons } from '../../src/modules/coupons/tables.ts';
import { libraryGames } from '../../src/modules/library/tables.ts';
import { lotteryActivities, lotteryDraws, lotteryPrizes } from '../../src/modules/lottery/tables.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();
let admin: { id: number; token: string };
let adminAbroad: { id: number; token: string };
beforeAll(async () => {
  admin = await makeAccount(t, { role: 'admin' });
  adminAbroad = await makeAccount(t, { role: 'admin', area: 'abroad' });
});

type Area = 'native' | 'abroad';
const nowSec = () => Math.floor(t.clock.now().getTime() / 1000);
const title = { chs: '幸运抽奖', en: 'Lucky draw' };
const pointsPrize = (points: number, weight: number, count: number, value = points) => ({ kind: 'points', title: { chs: `${points} 积分`, en: `${points} points` }, points, value, weight, count });

async function createLottery(body: Record<string, unknown>, area: Area = 'native') {
  const res = await api[area].post('/api/admin/lottery_activities', {
    lottery_activity: { area, mode: 'points', title, from_timestamp: nowSec() - 60, to_timestamp: nowSec() + 3600, cost_points: 10, prizes: [pointsPrize(5, 1, 100)], ...body },
  }, { token: area === 'native' ? admin.token : adminAbroad.token });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const rawDraw = (token: string | undefined, id: number, area: Area = 'native') => api[area].post(`/api/lottery_activities/${id}/draws`, undefined, { token });
/** A draw a second after the last: one account's draws in a row stay within its budget per second. */
const draw = (token: string | undefined, id: number, area: Area = 'native') => {
  t.clock.advance(1);
  return rawDraw(token, id, area);
};
const give = (accountId: number, score: number) => awardScore(t.deps.db, accountId, score, 'test');
const scoreOf = async (id: number) => (await t.deps.db.select({ score: accounts.score }).from(accounts).where(eq(accounts.id, id)))[0]!.score;
const errorsOf = (res: { json: () => { errors?: unknown } }) => res.json().errors;

async function player(score = 1000, area: Area = 'native') {
  const account = await makeAccount(t, { area });
  if (score > 0) await give(account.id, score);
  return account;
}

describe('staff API', () => {
  it('creates an activity with its prizes and a committed seed (admins only); refuses bad prizes all at once', async () => {
    const user = await makeAccount(t);
    const body = { lottery_activity: { area: 'native', mode: 'points', title, from_timestamp: nowSec(), to_timestamp: nowSec() + 60, prizes: [pointsPrize(5, 1, 1)] } };
    expect((await api.native.post('/api/admin/lottery_activities', body)).statusCode).toBe(401);
    expect((await api.native.post('/api/admin/lottery_activities', body, { token: user.token })).statusCode).toBe(403);
    const created = await createLottery({ prizes: [pointsPrize(5, 3, 10), pointsPrize(50, 1, 2)] });
    expect(created).toMatchObject({ mode: 'points', status: 'current', currency: 'CNY', cost_points: 10, seed: null, seed_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(created.prizes.map((p: { probability: number }) => p.probability)).toEqual([0.75, 0.25]);

    const abroadCoupon = await makeCoupon(t, { area: 'abroad' });
    const game = await makeSku(t);
    const post = (lottery_activity: Record<string, unknown>) => api.native.post('/api/admin/lottery_activities', {
      lottery_activity: { area: 'native', mode: 'points', title, from_timestamp: nowSec(), to_timestamp: nowSec() + 60, prizes: [pointsPrize(5, 1, 1)], ...lottery_activity },
    }, { token: admin.token });
    const refused = await post({
      to_timestamp: nowSec() - 1,
      prizes: [
        { kind: 'points', title, value: 1, weight: 1, count: 1 },
        { kind: 'coupon', title, coupon_id: abroadCoupon.id, value: 1, weight: 1, count: 1 },
        { kind: 'goods', title, sku_id: game.id, value: 1, weight: 1, count: 1 },
        { kind: 'game', title, value: 1, weight: 1, count: 1 },
      ],
    });
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused)).toEqual({
      to_timestamp: ['invalid'], 'prizes.0.points': ['blank'], 'prizes.1.coupon_id': ['invalid'], 'prizes.2.sku_id': ['invalid'], 'prizes.3.sku_id': ['blank'],
    });
    expect((await post({ prizes: [{ ...pointsPrize(5, 1, 1), weight: 0 }] })).statusCode).toBe(422);
    expect((await post({ prizes: [] })).statusCode).toBe(422);
  });

  it('holds a mainland top prize to ¥50,000; the international site has no cap', async () => {
    const post = (area: Area, value: number) => api[area].post('/api/admin/lottery_activities', {
      lottery_activity: { area, mode: 'points', title, from_timestamp: nowSec(), to_timestamp: nowSec() + 60, prizes: [pointsPrize(5, 1, 1, value)] },
    }, { token: area === 'native' ? admin.token : adminAbroad.token });
    expect((await post('native', 5_000_000)).statusCode).toBe(201);
    const over = await post('native', 5_000_001);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ errors: { prizes: ['over_limit'] }, meta: { mainland_top_prize_cap: 5_000_000 } });
    expect((await post('abroad', 50_000_000)).statusCode).toBe(201);
  });

  it('closes an activity, which reveals its seed; its hash was committed before', async () => {
    const created = await createLottery({});
    const closed = await api.native.patch(`/api/admin/lottery_activities/${created.id}`, { lottery_activity: { closed: true } }, { token: admin.token });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'end', closed: true });
    expect(createHash('sha256').update(closed.json().seed).digest('hex')).toBe(created.seed_hash);
    expect((await api.native.patch('/api/admin/lottery_activities/987654321', { lottery_activity: { closed: true } }, { token: admin.token })).statusCode).toBe(404);
  });
});

describe('GET /api/lottery_activities and the prize file', () => {
  it('lists the site\'s activities (id_in narrows), each prize with stock and probability; the other site sees none of them', async () => {
    const a = await createLottery({ prizes: [pointsPrize(1, 1, 5), pointsPrize(2, 1, 5)] }, 'abroad');
    const b = await createLottery({}, 'abroad');
    const named = (await api.abroad.get(`/api/lottery_activities?q[id_in][]=${a.id}`)).json();
    expect(named.lottery_activities.map((x: { id: number }) => x.id)).toEqual([a.id]);
    expect(named.lottery_activities[0]).toMatchObject({ currency: 'USD', prizes: [{ probability: 0.5, left_count: 5 }, { probability: 0.5, left_count: 5 }] });
    const all = (await api.abroad.get('/api/lottery_activities')).json().lottery_activities.map((x: { id: number }) => x.id);
    expect(all).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await api.native.get(`/api/lottery_activities?q[id_in][]=${a.id}`)).json().lottery_activities).toEqual([]);
    const file = await api.abroad.get('/activity/lottery_prizes');
    expect(file.statusCode).toBe(200);
    expect(file.json().lottery_prizes.filter((p: { lottery_activity_id: number }) => p.lottery_activity_id === a.id)).toHaveLength(2);
  });
});

describe('POST /api/lottery_activities/{id}/draws', () => {
  it('draws for points in one transaction: points spent, the prize granted through the points ledger, stock down, a record with the account', async () => {
    const created = await createLottery({ cost_points: 30, prizes: [pointsPrize(100, 1, 3)] });
    const me = await player(50);
    const res = await draw(me.token, created.id);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.lottery_prize_ids).toEqual([created.prizes[0].id]);
    expect(body.lottery_record).toMatchObject({ via: 'points', lottery_prize: { kind: 'points' }, account: { id: me.id, nickname: expect.any(String) } });
    expect(body.score).toBe(50 - 30 + 100);
    const records = await t.deps.db.select().from(pointRecords).where(eq(pointRecords.accountId, me.id));
    expect(records.map((r) => [r.kind, r.realScore, r.reason])).toEqual(expect.arrayContaining([['consume', -30, 'lottery_draw'], ['produce', 100, 'lottery_prize']]));
    const [prize] = await t.deps.db.select().from(lotteryPrizes).where(eq(lotteryPrizes.id, created.prizes[0].id));
    expect(prize!.leftCount).toBe(2);
  });

  it('grants a coupon through coupons and a game through a zero-price order (key and library), and leaves out what the account cannot get', async () => {
    const coupon = await makeCoupon(t, { leftAmount: 10, totalAmount: 10 });
    const game = await makeSku(t);
    await stockKeys(t, game.id, steamCodes(2));
    const couponOnly = await createLottery({ cost_points: 0, prizes: [{ kind: 'coupon', title, coupon_id: coupon.id, value: 500, weight: 1, count: 5 }] });
    const me = await player(0);
    expect((await draw(me.token, couponOnly.id)).statusCode).toBe(201);
    expect((await t.deps.db.select({ n: count() }).from(accountCoupons).where(and(eq(accountCoupons.accountId, me.id), eq(accountCoupons.couponId, coupon.id))))[0]!.n).toBe(1);
    // Held already: the coupon is left out of this account's pool, and nothing else is left to win.
    const again = await draw(me.token, couponOnly.id);
    expect(again.statusCode).toBe(422);
    expect(errorsOf(again)).toEqual({ lottery_activity: ['not_randomized'] });

    const gameLottery = await createLottery({ cost_points: 0, prizes: [{ kind: 'game', title, sku_id: game.id, value: 9800, weight: 1, count: 2 }] });
    const won = await draw(me.token, gameLottery.id);
    expect(won.statusCode, won.body).toBe(201);
    expect((await t.deps.db.select({ n: count() }).from(libraryGames).where(and(eq(libraryGames.accountId, me.id), eq(libraryGames.productId, game.productId))))[0]!.n).toBe(1);
    const [record] = await t.deps.db.select().from(lotteryDraws).where(and(eq(lotteryDraws.accountId, me.id), eq(lotteryDraws.activityId, gameLottery.id)));
    expect(record!.grantOrderId).toEqual(expect.any(Number));
  });

  it('keeps a goods prize with the address it ships to (or asks for one)', async () => {
    const goods = await makeSku(t, { product: { cate: 'physical', kind: 'peripheral' }, keyType: null });
    const created = await createLottery({ cost_points: 0, prizes: [{ kind: 'goods', title, sku_id: goods.id, value: 19900, weight: 1, count: 5 }] });
    const me = await player(0);
    const res = await draw(me.token, created.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().lottery_record.claim).toEqual({ state: 'address_needed', address: null });
  });

  it('answers every refusal: 401, 404, inactive, not_in_period, not_randomized, limits, minimum_order, not_purchased, no_grade_left, access_wait', async () => {
    const me = await player(1000);
    expect((await draw(undefined, 1)).statusCode).toBe(401);
    expect((await draw(me.token, 987654321)).statusCode).toBe(404);
    const abroad = await createLottery({}, 'abroad');
    expect((await draw(me.token, abroad.id)).statusCode).toBe(404);

    const coming = await createLottery({ from_timestamp: nowSec() + 600, to_timestamp: nowSec() + 1200 });
    expect(errorsOf(await draw(me.token, coming.id))).toEqual({ lottery_activity: ['not_in_period'] });
    const closed = await createLottery({});
    await api.native.patch(`/api/admin/lottery_activities/${closed.id}`, { lottery_activity: { closed: true } }, { token: admin.token });
    expect(errorsOf(await draw(me.token, closed.id))).toEqual({ lottery_activity: ['inactive'] });

    const single = await createLottery({ prizes: [pointsPrize(1, 1, 1)] });
    expect((await draw(me.token, single.id)).statusCode).toBe(201);
    t.clock.advance(1);
    expect(errorsOf(await draw(me.token, single.id))).toEqual({ lottery_activity: ['not_randomized'] });

    const limited = await createLottery({ per_user_limit: 2, daily_limit: 1 });
    expect((await draw(me.token, limited.id)).statusCode).toBe(201);
    expect(errorsOf(await draw(me.token, limited.id))).toEqual({ daily_draws: ['over_limit'] });
    const info = (await api.native.get(`/api/lottery_activities/${limited.id}/infos`, { token: me.token })).json();
    expect(info.lottery_user_info).toMatchObject({ drawn: 1, drawn_today: 1, left_draws: 1, left_today: 0, refusal: { field: 'daily_draws', reason: 'over_limit' } });
    expect((await api.native.get(`/api/lottery_activities/${limited.id}/infos`)).statusCode).toBe(401);
    const once = await createLottery({ per_user_limit: 1 });
    expect((await draw(me.token, once.id)).statusCode).toBe(201);
    expect(errorsOf(await draw(me.token, once.id))).toEqual({ draws: ['over_limit'] });

    const product = await makeSku(t, { listPrice: 3000 });
    const minimum = await createLottery({ minimum_order_amount: 5000, to_timestamp: nowSec() + 7200 });
    expect(errorsOf(await draw(me.token, minimum.id))).toEqual({ order: ['minimum_order'] });
    await makePaidOrder(t, me.id, [product]);
    t.clock.advance(1);
    expect(errorsOf(await draw(me.token, minimum.id))).toEqual({ order: ['minimum_order'] });
    const required = await createLottery({ required_sku_id: (await makeSku(t)).id });
    t.clock.advance(1);
    expect(errorsOf(await draw(me.token, required.id))).toEqual({ order: ['not_purchased'] });
    const bought = await createLottery({ required_sku_id: product.id, from_timestamp: nowSec() - 600 });
    t.clock.advance(1);
    expect((await draw(me.token, bought.id)).statusCode).toBe(201);

    const poor = await player(5);
    const costly = await createLottery({ cost_points: 10 });
    const res = await draw(poor.token, costly.id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: { points: ['no_grade_left'] }, meta: { missing_points: 5 } });
    expect(await scoreOf(poor.id)).toBe(5);

    const fast = await player(1000);
    const many = await createLottery({ cost_points: 0 });
    const burst = await Promise.all(Array.from({ length: 4 }, () => rawDraw(fast.token, many.id)));
    expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(2);
    const waited = burst.find((r) => r.statusCode === 429)!;
    expect(waited.json()).toMatchObject({ errors: { base: ['access_wait'] }, meta: { retry_after: expect.any(Number) } });
  });
});

describe('fairness', () => {
  it('every draw re-runs from the revealed seed, its nonce and its pool to the same prize', async () => {
    const created = await createLottery({ cost_points: 0, prizes: [pointsPrize(1, 5, 50), pointsPrize(2, 3, 50), pointsPrize(3, 2, 50)] });
    const players = await Promise.all(Array.from({ length: 12 }, () => player(0)));
    const draws = await Promise.all(players.map((p) => rawDraw(p.token, created.id)));
    expect(draws.every((d) => d.statusCode === 201)).toBe(true);
    await api.native.patch(`/api/admin/lottery_activities/${created.id}`, { lottery_activity: { closed: true } }, { token: admin.token });
    const [shown] = (await api.native.get(`/api/lottery_activities?q[id_in][]=${created.id}`)).json().lottery_activities;
    expect(createHash('sha256').update(shown.seed).digest('hex')).toBe(created.seed_hash);
    const winners = (await api.native.get(`/api/promotion/lottery_activities/${created.id}/accounts_lottery_prizes?per=50`)).json().accounts_lottery_prizes;
    expect(winners).toHaveLength(12);
    for (const record of winners as Array<{ nonce: string; pool: PoolEntry[]; lottery_prize_id: number; account: { avatar: string | null; nickname: string } }>) {
      const digest = createHmac('sha256', Buffer.from(shown.seed, 'hex')).update(drawMessage(created.id, record.nonce)).digest();
      expect(pickWeighted(record.pool, rollFromDigest(digest, poolWeight(record.pool)))).toBe(record.lottery_prize_id);
      expect(record.account).toHaveProperty('avatar');
    }
  });
});

describe('order-linked draws', () => {
  async function orderLottery(extra: Record<string, unknown> = {}) {
    return createLottery({ mode: 'order', cost_points: 0, minimum_order_amount: 1000, share_draws_per_order: 2, prizes: [pointsPrize(20, 1, 100)], ...extra });
  }
  const orderDraw = (token: string | undefined, id: number, orderId: number) => (t.clock.advance(1), api.native.post(`/api/promotion/lottery_activities/${id}/draw`, { order_id: orderId }, { token }));

  it('draws once per completed order in the window; refuses another\'s order, an unpaid one, an old one, a small one, a second draw', async () => {
    const sku = await makeSku(t, { listPrice: 3000 });
    const small = await makeSku(t, { listPrice: 500 });
    const me = await player(0);
    const old = await makePaidOrder(t, me.id, [await makeSku(t, { listPrice: 3000 })]);
    t.clock.advance(120);
    const created = await orderLottery();
    const orderId = await makePaidOrder(t, me.id, [sku]);
    expect((await orderDraw(undefined, created.id, orderId)).statusCode).toBe(401);
    const other = await player(0);
    expect((await orderDraw(other.token, created.id, orderId)).statusCode).toBe(404);
    expect(errorsOf(await orderDraw(me.token, created.id, old))).toEqual({ order: ['not_in_period'] });
    expect(errorsOf(await orderDraw(me.token, created.id, await makePendingOrder(t, me.id, [await makeSku(t, { listPrice: 3000 })])))).toEqual({ order: ['not_in_period'] });
    t.clock.advance(1);
    const tooSmall = await orderDraw(me.token, created.id, await makePaidOrder(t, me.id, [small]));
    expect(tooSmall.statusCode).toBe(400);
    expect(errorsOf(tooSmall)).toEqual({ order: ['minimum_order'] });
    t.clock.advance(1);
    const won = await orderDraw(me.token, created.id, orderId);
    expect(won.statusCode, won.body).toBe(201);
    expect(won.json().lottery_prize_ids).toEqual([created.prizes[0].id]);
    t.clock.advance(1);
    expect(errorsOf(await orderDraw(me.token, created.id, orderId))).toEqual({ order: ['already_drawn'] });
    // A points activity is not drawn by an order, nor the other way round.
    expect((await orderDraw(me.token, (await createLottery({})).id, orderId)).statusCode).toBe(404);
    expect((await draw(me.token, created.id)).statusCode).toBe(404);

    const view = (await api.native.get(`/api/promotion/lottery_activities/${created.id}`, { token: me.token })).json();
    expect(view.drawn_orders).toEqual([{ order_id: orderId, lottery_prize_ids: [created.prizes[0].id], share: expect.objectContaining({ sharer_id: me.id, order_id: orderId, share_token: expect.any(String) }), shared_draws: 0 }]);
    expect((await api.native.get(`/api/promotion/lottery_activities/${created.id}`)).json().drawn_orders).toEqual([]);
    const records = (await api.native.get(`/api/promotion/lottery_records?lottery_activity_id=${created.id}`, { token: me.token })).json();
    expect(records.lottery_records).toHaveLength(1);
    expect(records.lottery_records[0]).toMatchObject({ via: 'order', order_id: orderId, account: { id: me.id } });
    expect((await api.native.get('/api/promotion/lottery_records')).statusCode).toBe(401);
  });

  it('refuses an order draw when the activity is over or not started', async () => {
    const me = await player(0);
    const orderId = await makePaidOrder(t, me.id, [await makeSku(t, { listPrice: 3000 })]);
    const coming = await orderLottery({ from_timestamp: nowSec() + 600, to_timestamp: nowSec() + 1200 });
    expect(errorsOf(await orderDraw(me.token, coming.id, orderId))).toEqual({ lottery_activity: ['not_in_period'] });
    const ended = await orderLottery();
    await api.native.patch(`/api/admin/lottery_activities/${ended.id}`, { lottery_activity: { closed: true } }, { token: admin.token });
    expect(errorsOf(await orderDraw(me.token, ended.id, orderId))).toEqual({ lottery_activity: ['inactive'] });
  });

  it('a shared link grants a draw to others: once each, up to the order\'s count; a bad token, a stray timestamp or the sharer\'s own use are refused', async () => {
    const created = await orderLottery({ per_user_limit: 5 });
    const sharer = await player(0);
    t.clock.advance(1);
    const orderId = await makePaidOrder(t, sharer.id, [await makeSku(t, { listPrice: 3000 })]);
    expect((await orderDraw(sharer.token, created.id, orderId)).statusCode).toBe(201);
    const { share } = (await api.native.get(`/api/promotion/lottery_activities/${created.id}`, { token: sharer.token })).json().drawn_orders[0];
    const body = (over: Record<string, unknown> = {}) => ({ lottery_red_packet: { sharer_id: share.sharer_id, order_id: share.order_id, from: share.from, to: share.to }, share_token: share.share_token, timestamp: nowSec(), ...over });
    const shareDraw = (token: string | undefined, b: unknown) => (t.clock.advance(1), api.native.post(`/api/promotion/lottery_activities/${created.id}/red_packet_draw`, b, { token }));

    const [a, b, c] = await Promise.all([player(0), player(0), player(0)]);
    expect((await shareDraw(undefined, body())).statusCode).toBe(401);
    expect(errorsOf(await shareDraw(a.token, body({ share_token: 'x'.repeat(43) })))).toEqual({ share_token: ['token_invalid'] });
    expect(errorsOf(await shareDraw(a.token, { ...body(), lottery_red_packet: { ...body().lottery_red_packet, to: share.to + 1 } }))).toEqual({ share_token: ['token_invalid'] });
    expect(errorsOf(await shareDraw(a.token, body({ timestamp: nowSec() - 3600 })))).toEqual({ share_token: ['token_invalid'] });
    expect(errorsOf(await shareDraw(sharer.token, body()))).toEqual({ lottery_red_packet: ['unqualified'] });
    const first = await shareDraw(a.token, body());
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().lottery_record).toMatchObject({ via: 'share' });
    t.clock.advance(1);
    expect(errorsOf(await shareDraw(a.token, body()))).toEqual({ lottery_red_packet: ['already_drawn'] });
    expect((await shareDraw(b.token, body())).statusCode).toBe(201);
    expect(errorsOf(await shareDraw(c.token, body()))).toEqual({ lottery_red_packet: ['over_limit'] });
    expect((await api.native.get(`/api/promotion/lottery_activities/${created.id}`, { token: sharer.token })).json().drawn_orders[0].shared_draws).toBe(2);
    await api.native.patch(`/api/admin/lottery_activities/${created.id}`, { lottery_activity: { closed: true } }, { token: admin.token });
    expect(errorsOf(await shareDraw(c.token, body()))).toEqual({ lottery_activity: ['inactive'] });
  });
});

describe('parallel bursts', () => {
  it('1,000 parallel draws against a prize stock of 50 give out exactly 50; the rest not_randomized; points spent only by winners', { timeout: 600_000 }, async () => {
    const created = await createLottery({ cost_points: 10, prizes: [pointsPrize(7, 1, 50)] });
    const players = [];
    for (let i = 0; i < 1000; i += 100) players.push(...(await Promise.all(Array.from({ length: 100 }, () => player(10)))));
    const results = await Promise.all(players.map((p) => rawDraw(p.token, created.id)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(50);
    const refusals = results.filter((r) => r.statusCode !== 201).map((r) => JSON.stringify(errorsOf(r)));
    expect(new Set(refusals)).toEqual(new Set([JSON.stringify({ lottery_activity: ['not_randomized'] })]));
    const [prize] = await t.deps.db.select().from(lotteryPrizes).where(eq(lotteryPrizes.activityId, created.id));
    expect(prize!.leftCount).toBe(0);
    expect((await t.deps.db.select({ n: count() }).from(lotteryDraws).where(eq(lotteryDraws.activityId, created.id)))[0]!.n).toBe(50);
    const spent = await t.deps.db.select({ n: count() }).from(pointRecords).where(and(eq(pointRecords.reason, 'lottery_draw'), eq(pointRecords.targetId, created.id)));
    expect(spent[0]!.n).toBe(50);
  });

  it('the database refuses a prize\'s stock below zero whatever writes it', async () => {
    const created = await createLottery({});
    await expect(t.deps.db.update(lotteryPrizes).set({ leftCount: -1 }).where(eq(lotteryPrizes.activityId, created.id))).rejects.toThrow();
    await expect(t.deps.db.update(lotteryActivities).set({ costPoints: -1 }).where(eq(lotteryActivities.id, created.id))).rejects.toThrow();
  });
});
