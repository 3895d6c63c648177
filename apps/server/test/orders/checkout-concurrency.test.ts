import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { makeCoupon } from '../support/commerce-factories.ts';
import { stockKeys, steamCodes } from '../support/keys-factories.ts';
import { notify, shuffle, signedNotification, startGatewayPay } from '../support/payments-factories.ts';
import { gameKeys, keyDeliveries } from '../../src/modules/keys/tables.ts';
import { orders } from '../../src/modules/orders/tables.ts';
import { payments, refunds } from '../../src/modules/payments/tables.ts';
import { accountCoupons } from '../../src/modules/coupons/tables.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * Issue 4's concurrency guarantees, end to end through the API and the notify endpoint. On PostgreSQL
 * (CI's second run) the requests really run in parallel on a connection pool; on PGlite they interleave
 * on one connection, which still checks the logic.
 */
const { t, api } = useTestApp();

const BUYERS = 200;
const KEYS = 100;
const DAY = 86_400_000;

describe('200 buyers paying at once for a SKU with 100 keys', () => {
  it('gives exactly 100 buyers a key each, every key distinct, and pre-orders the rest; replayed notifications fulfil once', { timeout: 180_000 }, async () => {
    // A game released next week: buyers beyond the pool wait as pre-ordered (docs/product/buying.md#key-delivery).
    const sku = await makeSku(t, { releasedAt: new Date(t.clock.now().getTime() + 7 * DAY) });
    await stockKeys(t, sku.id, steamCodes(KEYS, 'RUSH'));
    const buyers = await Promise.all(Array.from({ length: BUYERS }, () => makeAccount(t)));

    const placed = await Promise.all(buyers.map(async (buyer) => {
      const res = await api.native.post('/api/orders', { order: { sku_ids: [sku.id], cate: 'game', type: 'one_click' } }, { token: buyer.token });
      expect(res.statusCode, res.body).toBe(201);
      return { buyer, order: res.json() as { id: number; version: number; total_amount: number } };
    }));
    const started = await Promise.all(placed.map(async ({ buyer, order }) => ({ order, pay: await startGatewayPay(api, 'native', buyer.token, order) })));

    // Each payment's "paid" notification arrives three times (the same notify id), all of them shuffled together.
    const deliveries = shuffle(started.flatMap(({ order, pay }) => {
      const note = signedNotification(t, { out_trade_no: pay.outTradeNo, amount: order.total_amount, currency: 'CNY' });
      return [note, note, note];
    }));
    const answers = await Promise.all(deliveries.map((note) => notify(t, note)));
    expect(answers.map((a) => a.statusCode).every((s) => s === 200)).toBe(true);

    const orderIds = placed.map((p) => p.order.id);
    const completed = await t.deps.db.select().from(orders).where(and(inArray(orders.id, orderIds), eq(orders.state, 'completed')));
    expect(completed).toHaveLength(BUYERS);
    const succeeded = await t.deps.db.select().from(payments).where(and(inArray(payments.orderId, orderIds), eq(payments.state, 'succeeded')));
    expect(succeeded).toHaveLength(BUYERS);
    expect(await t.deps.db.select().from(refunds)).toHaveLength(0);

    const lines = await t.deps.db.select().from(keyDeliveries).where(eq(keyDeliveries.skuId, sku.id));
    expect(lines).toHaveLength(BUYERS);
    expect(lines.filter((l) => l.state === 'delivered')).toHaveLength(KEYS);
    expect(lines.filter((l) => l.state === 'pre_ordered')).toHaveLength(BUYERS - KEYS);

    const assigned = await t.deps.db.select().from(gameKeys).where(and(eq(gameKeys.skuId, sku.id), eq(gameKeys.state, 'assigned')));
    expect(assigned).toHaveLength(KEYS);
    expect(new Set(assigned.map((k) => k.id)).size).toBe(KEYS);
    expect(new Set(assigned.map((k) => k.orderGameId)).size).toBe(KEYS);
    expect(new Set(assigned.map((k) => k.accountId)).size).toBe(KEYS);
    const codes = assigned.map((k) => t.deps.secrets.decrypt(k.codeEnc));
    expect(new Set(codes).size).toBe(KEYS);

    // What the buyers see: 100 of them can reveal a key, the other 100 see their pre-order.
    const views = await Promise.all(placed.map(({ buyer, order }) => api.native.get(`/api/me/orders/${order.id}`, { token: buyer.token })));
    const withKey = views.filter((v) => (v.json().order_games[0].game_keys as unknown[]).length === 1);
    expect(withKey).toHaveLength(KEYS);
  });
});

describe('a forged or altered notification', () => {
  it('is refused and changes nothing', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t);
    const order = (await api.native.post('/api/orders', { order: { sku_ids: [sku.id], cate: 'game', type: 'one_click' } }, { token: buyer.token })).json();
    const pay = await startGatewayPay(api, 'native', buyer.token, order);

    const forged = { ...signedNotification(t, { out_trade_no: pay.outTradeNo, amount: order.total_amount, currency: 'CNY' }), sign: 'forged' };
    expect((await notify(t, forged)).statusCode).toBe(400);
    const altered = { ...signedNotification(t, { out_trade_no: pay.outTradeNo, amount: order.total_amount, currency: 'CNY' }), amount: '1' };
    expect((await notify(t, altered)).statusCode).toBe(400);
    const underpaid = signedNotification(t, { out_trade_no: pay.outTradeNo, amount: 1, currency: 'CNY' });
    expect((await notify(t, underpaid)).statusCode).toBe(400);

    const [row] = await t.deps.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.state).toBe('pending');
  });
});

describe('an order that expires unpaid', () => {
  it('gives its coupon back, keeps its key in the pool, and a payment arriving late is refunded', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t);
    await stockKeys(t, sku.id, steamCodes(1, 'LATE'));
    const coupon = await makeCoupon(t, { value: 500 });
    const held = (await api.native.patch(`/api/account_coupons/${coupon.id}`, {}, { token: buyer.token })).json().id as number;
    const order = (await api.native.post('/api/orders', { order: { sku_ids: [sku.id], cate: 'game', type: 'one_click', coupon_ids: [held] } }, { token: buyer.token })).json();
    const pay = await startGatewayPay(api, 'native', buyer.token, order);

    await t.deps.db.update(orders).set({ expiresAt: new Date(t.clock.now().getTime() - 1000) }).where(eq(orders.id, order.id));
    const expired = await api.native.get(`/api/me/orders/${order.id}`, { token: buyer.token });
    expect(expired.json()).toMatchObject({ state: 'canceled', display_state: 'canceled', cancel_reason: 'expired' });
    const [coupon_] = await t.deps.db.select().from(accountCoupons).where(eq(accountCoupons.id, held));
    expect(coupon_).toMatchObject({ orderId: null, usedAt: null });

    const late = await notify(t, signedNotification(t, { out_trade_no: pay.outTradeNo, amount: order.total_amount, currency: 'CNY' }));
    expect(late.statusCode).toBe(200);
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.id, pay.payment_id));
    expect(payment!.state).toBe('refunded');
    const [refund] = await t.deps.db.select().from(refunds).where(eq(refunds.paymentId, pay.payment_id));
    expect(refund).toMatchObject({ reason: 'late_payment', amount: order.total_amount });
    const [key] = await t.deps.db.select().from(gameKeys).where(eq(gameKeys.skuId, sku.id));
    expect(key!.state).toBe('available');
    expect((await api.native.get(`/api/me/orders/${order.id}`, { token: buyer.token })).json().state).toBe('canceled');
  });
});
