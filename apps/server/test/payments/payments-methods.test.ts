import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { makeAccount } from '../support/catalog-factories.ts';
import { buyGame, fundWallet, setScore } from '../support/payments-factories.ts';
import { wallets } from '../../src/modules/accounts/tables.ts';
import { skus } from '../../src/modules/catalog/tables.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

type Option = { method: string; available: boolean; reason: string | null; balance?: number; points_amount?: number | null; score?: number };
const methodsOf = async (area: 'native' | 'abroad', token: string, orderId: number) => {
  const res = await api[area].get(`/api/orders/${orderId}/payments`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { order_id: number; state: string; total_amount: number; currency: string; version: number; expires_at_timestamp: number; payment_methods: Option[] };
};
const option = (list: Option[], method: string) => list.find((o) => o.method === method)!;

describe('GET /api/orders/{id}/payments', () => {
  it('lists the mainland methods with the order total, currency, state, version and expiry', async () => {
    const { buyer, order } = await buyGame(t, api, { sku: { listPrice: 4200 } });
    const body = await methodsOf('native', buyer.token, order.id);
    expect(body).toMatchObject({ order_id: order.id, state: 'pending', total_amount: 4200, currency: 'CNY', version: order.version });
    expect(body.expires_at_timestamp).toBe(Math.floor(t.clock.now().getTime() / 1000) + 30 * 60);
    expect(body.payment_methods.map((m) => m.method)).toEqual(['alipay', 'wechat', 'wallet', 'points']);
    expect(option(body.payment_methods, 'alipay')).toEqual({ method: 'alipay', available: true, reason: null });
    expect(option(body.payment_methods, 'wechat').available).toBe(true);
  });

  it('lists the international methods in dollars on the abroad site', async () => {
    const { buyer, order } = await buyGame(t, api, { area: 'abroad', sku: { listPrice: 1999 } });
    const body = await methodsOf('abroad', buyer.token, order.id);
    expect(body).toMatchObject({ currency: 'USD', total_amount: 1999 });
    expect(body.payment_methods.map((m) => m.method)).toEqual(['paypal', 'card', 'wallet', 'points']);
    expect(body.payment_methods.slice(0, 2).every((m) => m.available)).toBe(true);
  });

  it('says the wallet is short, with the balance, until it covers the total', async () => {
    const { buyer, order } = await buyGame(t, api, { sku: { listPrice: 5000 } });
    expect(option((await methodsOf('native', buyer.token, order.id)).payment_methods, 'wallet')).toEqual({ method: 'wallet', available: false, reason: 'insufficient_balance', balance: 0 });
    await fundWallet(t, buyer.id, 'CNY', 4999);
    expect(option((await methodsOf('native', buyer.token, order.id)).payment_methods, 'wallet')).toMatchObject({ available: false, reason: 'insufficient_balance', balance: 4999 });
    await fundWallet(t, buyer.id, 'CNY', 1);
    expect(option((await methodsOf('native', buyer.token, order.id)).payment_methods, 'wallet')).toEqual({ method: 'wallet', available: true, reason: null, balance: 5000 });
    // A dollar wallet does not pay a yuan order.
    const other = await buyGame(t, api, { sku: { listPrice: 100 } });
    await fundWallet(t, other.buyer.id, 'USD', 100_000);
    expect(option((await methodsOf('native', other.buyer.token, other.order.id)).payment_methods, 'wallet')).toMatchObject({ available: false, reason: 'insufficient_balance', balance: 0 });
  });

  it('says a frozen wallet is frozen whatever its balance', async () => {
    const { buyer, order } = await buyGame(t, api, { sku: { listPrice: 100 } });
    await fundWallet(t, buyer.id, 'CNY', 10_000);
    await t.deps.db.update(wallets).set({ status: 'frozen' }).where(and(eq(wallets.accountId, buyer.id), eq(wallets.currency, 'CNY')));
    expect(option((await methodsOf('native', buyer.token, order.id)).payment_methods, 'wallet')).toEqual({ method: 'wallet', available: false, reason: 'wallet_frozen', balance: 10_000 });
  });

  it('offers points only when every SKU can be paid with points and the score covers the price (sale points, else list points)', async () => {
    const none = await buyGame(t, api);
    expect(option((await methodsOf('native', none.buyer.token, none.order.id)).payment_methods, 'points'))
      .toEqual({ method: 'points', available: false, reason: 'points_unsupported', points_amount: null, score: 0 });

    const flaggedWithoutPrice = await buyGame(t, api, { points: { canPointsPay: true } });
    expect(option((await methodsOf('native', flaggedWithoutPrice.buyer.token, flaggedWithoutPrice.order.id)).payment_methods, 'points').reason).toBe('points_unsupported');

    const priced = await buyGame(t, api, { points: { canPointsPay: true, listPoints: 800, salePoints: 600 } });
    await setScore(t, priced.buyer.id, 599);
    expect(option((await methodsOf('native', priced.buyer.token, priced.order.id)).payment_methods, 'points'))
      .toEqual({ method: 'points', available: false, reason: 'insufficient_points', points_amount: 600, score: 599 });
    await setScore(t, priced.buyer.id, 600);
    expect(option((await methodsOf('native', priced.buyer.token, priced.order.id)).payment_methods, 'points'))
      .toEqual({ method: 'points', available: true, reason: null, points_amount: 600, score: 600 });

    const listOnly = await buyGame(t, api, { points: { canPointsPay: true, listPoints: 900 } });
    expect(option((await methodsOf('native', listOnly.buyer.token, listOnly.order.id)).payment_methods, 'points').points_amount).toBe(900);
  });

  it('keeps the points price and cash rule the order was placed with, whatever the SKU says later', async () => {
    const { buyer, sku, order } = await buyGame(t, api, { points: { canPointsPay: true, listPoints: 800, salePoints: 600 } });
    await setScore(t, buyer.id, 5000);
    await t.deps.db.update(skus).set({ salePoints: 4000, supportCashPay: false }).where(eq(skus.id, sku.id));
    const methods = (await methodsOf('native', buyer.token, order.id)).payment_methods;
    expect(option(methods, 'points')).toMatchObject({ available: true, points_amount: 600 });
    expect(option(methods, 'alipay')).toMatchObject({ available: true, reason: null });
  });

  it('refuses money for a points-only SKU (cash_unsupported)', async () => {
    const { buyer, order } = await buyGame(t, api, { points: { canPointsPay: true, listPoints: 10, supportCashPay: false } });
    await fundWallet(t, buyer.id, 'CNY', 100_000);
    await setScore(t, buyer.id, 10);
    const list = (await methodsOf('native', buyer.token, order.id)).payment_methods;
    expect(list.map((m) => [m.method, m.available, m.reason])).toEqual([
      ['alipay', false, 'cash_unsupported'], ['wechat', false, 'cash_unsupported'], ['wallet', false, 'cash_unsupported'], ['points', true, null],
    ]);
  });

  it('marks every method unavailable on a canceled or expired order, with the order state as the reason', async () => {
    const canceled = await buyGame(t, api);
    await api.native.post(`/api/orders/${canceled.order.id}/cancel`, undefined, { token: canceled.buyer.token });
    const body = await methodsOf('native', canceled.buyer.token, canceled.order.id);
    expect(body.state).toBe('canceled');
    expect(body.payment_methods.every((m) => !m.available && m.reason === 'canceled')).toBe(true);
  });

  it('is for the buyer on the order\'s site only: 401 for guests, 404 for others and on the other site', async () => {
    const { buyer, order } = await buyGame(t, api);
    const stranger = await makeAccount(t);
    expect((await api.native.get(`/api/orders/${order.id}/payments`)).statusCode).toBe(401);
    expect((await api.native.get(`/api/orders/${order.id}/payments`, { token: stranger.token })).statusCode).toBe(404);
    expect((await api.abroad.get(`/api/orders/${order.id}/payments`, { token: buyer.token })).statusCode).toBe(401);
    expect((await api.native.get('/api/orders/999999999/payments', { token: buyer.token })).statusCode).toBe(404);
    expect((await api.native.get('/api/orders/abc/payments', { token: buyer.token })).statusCode).toBe(422);
    expect((await api.native.get(`/api/orders/${order.id}/payments.json`, { token: buyer.token })).statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('describes the payment calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/orders/{id}/payments', '/api/orders/{id}/pay', '/api/orders/{id}/pay_query', '/api/payments/notify/{gateway}']));
    expect(paths.some((p) => p.startsWith('/sandbox'))).toBe(false);
  });
});
