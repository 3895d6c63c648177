import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { makeAccount } from '../support/catalog-factories.ts';
import { buyGame, fundWallet, orderRowOf, paymentRow, scoreOf, setScore, startGatewayPay, walletBalance } from '../support/payments-factories.ts';
import { pointRecords, walletEntries, wallets } from '../../src/modules/accounts/tables.ts';
import { payments } from '../../src/modules/payments/tables.ts';
import { payLockKey } from '../../src/modules/payments/order-access.ts';
import { startSession } from '../../src/modules/accounts/sessions.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

const pay = (token: string, orderId: number, body: unknown, area: 'native' | 'abroad' = 'native') => api[area].patch(`/api/orders/${orderId}/pay`, body, { token });
const orderRow = (id: number) => orderRowOf(t, id);

describe('pay with a gateway method', () => {
  it('records a created attempt and answers the signed redirect the /blank page submits', async () => {
    const { buyer, order } = await buyGame(t, api, { sku: { listPrice: 6800 } });
    const res = await pay(buyer.token, order.id, { payment_method: 'alipay', payment_from: 'web', version: order.version });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ method: 'POST', url: `/sandbox/pay/${body.data.out_trade_no}` });
    expect(body.data).toMatchObject({ method: 'alipay', amount: '6800', currency: 'CNY', merchant: 'Lantern', language: 'zh-CN', return_url: `/orders/${order.id}/checkout?payment_id=${body.payment_id}` });
    expect(body.data.notify_url).toMatch(/\/api\/payments\/notify\/sandbox$/);
    expect(body.data.sign).toMatch(/^[0-9a-f]{64}$/);
    expect(body.data.out_trade_no).toMatch(/^LT[0-9A-Z]{30,}$/);
    expect(await paymentRow(t, body.payment_id)).toMatchObject({ orderId: order.id, accountId: buyer.id, method: 'alipay', state: 'created', amount: 6800, currency: 'CNY', paymentFrom: 'web', outTradeNo: body.data.out_trade_no });
    // Creating an attempt changes nothing about the order (its version included).
    expect(await orderRow(order.id)).toMatchObject({ state: 'pending', version: order.version });
  });

  it('answers the attempt on the order, with the coupon already off the amount', async () => {
    const { buyer, order } = await buyGame(t, api, { sku: { listPrice: 5000 }, coupon: true });
    expect(order.total_amount).toBe(4000);
    const started = await startGatewayPay(api, 'native', buyer.token, order, 'wechat');
    expect(started.data.amount).toBe('4000');
    const shown = (await api.native.get(`/api/me/orders/${order.id}`, { token: buyer.token })).json();
    expect(shown.payments).toEqual([{
      id: started.payment_id, method: 'wechat', state: 'created', amount: 4000, currency: 'CNY',
      created_at_timestamp: Math.floor(t.clock.now().getTime() / 1000), paid_at_timestamp: null,
    }]);
    expect((await api.native.get('/api/me/orders', { token: buyer.token })).json().orders[0].payments).toHaveLength(1);
  });

  it('a new attempt cancels the open one', async () => {
    const { buyer, order } = await buyGame(t, api);
    const first = await startGatewayPay(api, 'native', buyer.token, order);
    const second = await startGatewayPay(api, 'native', buyer.token, order, 'wechat');
    expect(second.outTradeNo).not.toBe(first.outTradeNo);
    expect((await paymentRow(t, first.payment_id)).state).toBe('canceled');
    expect((await paymentRow(t, second.payment_id)).state).toBe('created');
  });

  it('takes paypal and card in dollars on the abroad site, in English', async () => {
    const { buyer, order } = await buyGame(t, api, { area: 'abroad', sku: { listPrice: 2999 } });
    const started = await startGatewayPay(api, 'abroad', buyer.token, order, 'card');
    expect(started.data).toMatchObject({ method: 'card', amount: '2999', currency: 'USD', language: 'en' });
  });

  it('accepts the fields wrapped as { payment: { ... } } and payment_from defaulting to web', async () => {
    const { buyer, order } = await buyGame(t, api);
    const res = await pay(buyer.token, order.id, { payment: { payment_method: 'alipay', version: order.version } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await paymentRow(t, res.json().payment_id)).paymentFrom).toBe('web');
  });
});

describe('pay refusals', () => {
  it('validates the body: 422 with a reason per field, never a 5xx', async () => {
    const { buyer, order } = await buyGame(t, api);
    // A missing enum is `invalid` in the central handler (zod reports it as a bad value, not a missing one).
    expect((await pay(buyer.token, order.id, {})).json()).toEqual({ errors: { payment_method: ['invalid'], version: ['blank'] } });
    expect((await pay(buyer.token, order.id, { payment_method: 'bitcoin', version: 0 })).json()).toEqual({ errors: { payment_method: ['invalid'] } });
    expect((await pay(buyer.token, order.id, { payment_method: 'alipay', version: 'x' })).json()).toEqual({ errors: { version: ['invalid'] } });
    expect((await pay(buyer.token, order.id, { payment_method: 'alipay', version: 0, payment_from: 'fax' })).json()).toEqual({ errors: { payment_from: ['invalid'] } });
    expect((await pay(buyer.token, order.id, undefined)).statusCode).toBe(422);
    const raw = await api.native.call('PATCH', `/api/orders/${order.id}/pay`, '{"payment_method":', { token: buyer.token, headers: { 'content-type': 'application/json' } });
    expect(raw.statusCode).toBe(400);
  });

  it('refuses a method of the other site (422 payment_method invalid)', async () => {
    const { buyer, order } = await buyGame(t, api);
    expect((await pay(buyer.token, order.id, { payment_method: 'paypal', version: order.version })).json()).toEqual({ errors: { payment_method: ['invalid'] } });
    const abroad = await buyGame(t, api, { area: 'abroad' });
    expect((await pay(abroad.buyer.token, abroad.order.id, { payment_method: 'alipay', version: abroad.order.version }, 'abroad')).json()).toEqual({ errors: { payment_method: ['invalid'] } });
  });

  it('answers 409 version stale when the order moved since the buyer saw it', async () => {
    const { buyer, order } = await buyGame(t, api);
    const res = await pay(buyer.token, order.id, { payment_method: 'alipay', version: order.version + 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ errors: { version: ['stale'] } });
  });

  it('answers 422 state canceled / expired / completed for an order that cannot be paid', async () => {
    const canceled = await buyGame(t, api);
    await api.native.post(`/api/orders/${canceled.order.id}/cancel`, undefined, { token: canceled.buyer.token });
    const res = await pay(canceled.buyer.token, canceled.order.id, { payment_method: 'alipay', version: canceled.order.version });
    expect([res.statusCode, res.json()]).toEqual([422, { errors: { state: ['canceled'] } }]);

    const completed = await buyGame(t, api, { sku: { listPrice: 100 } });
    await fundWallet(t, completed.buyer.id, 'CNY', 100);
    expect((await pay(completed.buyer.token, completed.order.id, { payment_method: 'wallet', version: completed.order.version })).statusCode).toBe(200);
    const again = await pay(completed.buyer.token, completed.order.id, { payment_method: 'alipay', version: completed.order.version + 1 });
    expect([again.statusCode, again.json()]).toEqual([422, { errors: { state: ['completed'] } }]);

    const late = await buyGame(t, api);
    t.clock.advance(30 * 60);
    const token = (await startSession(t.deps, t.deps.db, late.buyer.id, 'native')).accessToken;
    const expired = await pay(token, late.order.id, { payment_method: 'alipay', version: late.order.version });
    expect([expired.statusCode, expired.json()]).toEqual([422, { errors: { state: ['expired'] } }]);
    expect(await orderRow(late.order.id)).toMatchObject({ state: 'canceled', cancelReason: 'expired' });
  });

  it('refuses an unavailable method with its reason', async () => {
    const { buyer, order } = await buyGame(t, api, { sku: { listPrice: 5000 } });
    await fundWallet(t, buyer.id, 'CNY', 4999);
    expect((await pay(buyer.token, order.id, { payment_method: 'wallet', version: order.version })).json()).toEqual({ errors: { payment_method: ['insufficient_balance'] } });
    await t.deps.db.update(wallets).set({ status: 'frozen', balance: 99_999 }).where(eq(wallets.accountId, buyer.id));
    expect((await pay(buyer.token, order.id, { payment_method: 'wallet', version: order.version })).json()).toEqual({ errors: { payment_method: ['wallet_frozen'] } });
    expect((await pay(buyer.token, order.id, { payment_method: 'points', version: order.version })).json()).toEqual({ errors: { payment_method: ['points_unsupported'] } });
    expect(await walletBalance(t, buyer.id)).toBe(99_999);
    expect((await orderRow(order.id)).state).toBe('pending');
  });

  it('is 401 for a guest and 404 unusual for another buyer\'s order or an unknown one', async () => {
    const { order } = await buyGame(t, api);
    const stranger = await makeAccount(t);
    expect((await api.native.patch(`/api/orders/${order.id}/pay`, { payment_method: 'alipay', version: 0 })).statusCode).toBe(401);
    const res = await pay(stranger.token, order.id, { payment_method: 'alipay', version: order.version });
    expect([res.statusCode, res.json()]).toEqual([404, { errors: { base: ['unusual'] } }]);
    expect((await pay(stranger.token, 987654321, { payment_method: 'alipay', version: 0 })).statusCode).toBe(404);
  });

  it('answers 409 order busy while another pay call holds the order', async () => {
    const { buyer, order } = await buyGame(t, api);
    const release = await t.deps.locks.tryLock(payLockKey(order.id));
    expect(release).not.toBeNull();
    const res = await pay(buyer.token, order.id, { payment_method: 'alipay', version: order.version });
    expect([res.statusCode, res.json()]).toEqual([409, { errors: { order: ['busy'] } }]);
    await release!();
    expect((await pay(buyer.token, order.id, { payment_method: 'alipay', version: order.version })).statusCode).toBe(200);
  });
});

describe('pay from the wallet', () => {
  it('debits the total once, records the ledger row, and completes the order', async () => {
    const { buyer, order } = await buyGame(t, api, { sku: { listPrice: 3000 } });
    await fundWallet(t, buyer.id, 'CNY', 10_000);
    const res = await pay(buyer.token, order.id, { payment_method: 'wallet', payment_from: 'pc', version: order.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ payment_id: expect.any(Number), status: 'complete', order_id: order.id });
    expect(await walletBalance(t, buyer.id)).toBe(7000);
    const entries = await t.deps.db.select().from(walletEntries).where(and(eq(walletEntries.accountId, buyer.id), eq(walletEntries.reason, 'order_payment')));
    expect(entries).toEqual([expect.objectContaining({ delta: -3000, balanceAfter: 7000, orderId: order.id, currency: 'CNY' })]);
    const shown = (await api.native.get(`/api/me/orders/${order.id}`, { token: buyer.token })).json();
    expect(shown).toMatchObject({ state: 'completed', version: order.version + 1 });
    expect(shown.payments).toEqual([expect.objectContaining({ id: res.json().payment_id, method: 'wallet', state: 'succeeded', amount: 3000, currency: 'CNY', paid_at_timestamp: expect.any(Number) })]);
  });

  it('cancels an open gateway attempt when the wallet pays', async () => {
    const { buyer, order } = await buyGame(t, api, { sku: { listPrice: 100 } });
    const attempt = await startGatewayPay(api, 'native', buyer.token, order);
    await fundWallet(t, buyer.id, 'CNY', 100);
    expect((await pay(buyer.token, order.id, { payment_method: 'wallet', version: order.version })).statusCode).toBe(200);
    expect((await paymentRow(t, attempt.payment_id)).state).toBe('canceled');
    expect(await walletBalance(t, buyer.id)).toBe(0);
  });

  it('debits exactly once under 10 concurrent pay calls: each answers the one payment (or busy if it waited too long)', async () => {
    const { buyer, order } = await buyGame(t, api, { sku: { listPrice: 2500 } });
    await fundWallet(t, buyer.id, 'CNY', 100_000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(buyer.token, order.id, { payment_method: 'wallet', version: order.version })));
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.orderId, order.id));
    const paid = { payment_id: payment!.id, status: 'complete', order_id: order.id };
    // The calls wait for each other; on a slow machine one may give up waiting (busy), never refuse the paid order.
    for (const a of answers) expect(a.statusCode === 409 ? a.json() : a.json()).toEqual(a.statusCode === 409 ? { errors: { order: ['busy'] } } : paid);
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(await walletBalance(t, buyer.id)).toBe(97_500);
    expect(await t.deps.db.select().from(walletEntries).where(and(eq(walletEntries.orderId, order.id), eq(walletEntries.reason, 'order_payment')))).toHaveLength(1);
    expect(await t.deps.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
    expect((await orderRow(order.id)).state).toBe('completed');
  });
});

describe('a pay call repeated after its answer was lost (docs/decisions/0057)', () => {
  it('answers a repeated wallet payment with the payment the first call made; the wallet is debited once', async () => {
    const { buyer, order } = await buyGame(t, api, { sku: { listPrice: 1800 } });
    await fundWallet(t, buyer.id, 'CNY', 5000);
    const body = { payment_method: 'wallet', payment_from: 'web', version: order.version };
    const first = await pay(buyer.token, order.id, body);
    expect(first.statusCode, first.body).toBe(200);
    const again = await pay(buyer.token, order.id, body);
    expect([again.statusCode, again.json()]).toEqual([200, first.json()]);
    expect(await walletBalance(t, buyer.id)).toBe(3200);
    expect(await t.deps.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
  });

  it('answers both of two parallel wallet calls with the one payment; the wallet is debited once', async () => {
    const { buyer, order } = await buyGame(t, api, { sku: { listPrice: 1200 } });
    await fundWallet(t, buyer.id, 'CNY', 5000);
    const body = { payment_method: 'wallet', payment_from: 'web', version: order.version };
    const [one, two] = await Promise.all([pay(buyer.token, order.id, body), pay(buyer.token, order.id, body)]);
    expect([one!.statusCode, two!.statusCode]).toEqual([200, 200]);
    expect(two!.json()).toEqual(one!.json());
    expect(await walletBalance(t, buyer.id)).toBe(3800);
    expect(await t.deps.db.select().from(walletEntries).where(and(eq(walletEntries.orderId, order.id), eq(walletEntries.reason, 'order_payment')))).toHaveLength(1);
  });

  it('answers a repeated points payment the same way, spending the points once', async () => {
    const { buyer, order } = await buyGame(t, api, { points: { canPointsPay: true, listPoints: 800, salePoints: 500 } });
    await setScore(t, buyer.id, 1200);
    const body = { payment_method: 'points', version: order.version };
    const first = await pay(buyer.token, order.id, body);
    expect(first.statusCode, first.body).toBe(200);
    expect((await pay(buyer.token, order.id, body)).json()).toEqual(first.json());
    expect(await scoreOf(t, buyer.id)).toBe(700);
  });

  it('still refuses what was not this payment: another method, a gateway method, another buyer', async () => {
    const { buyer, order } = await buyGame(t, api, { sku: { listPrice: 900 } });
    await fundWallet(t, buyer.id, 'CNY', 900);
    expect((await pay(buyer.token, order.id, { payment_method: 'wallet', version: order.version })).statusCode).toBe(200);
    for (const method of ['points', 'alipay']) {
      const res = await pay(buyer.token, order.id, { payment_method: method, version: order.version });
      expect([method, res.statusCode, res.json()]).toEqual([method, 422, { errors: { state: ['completed'] } }]);
    }
    const stranger = await makeAccount(t);
    expect((await pay(stranger.token, order.id, { payment_method: 'wallet', version: order.version })).statusCode).toBe(404);
  });

  it('waits for a pay call of the order still running, then answers what it committed; busy only after the wait', async () => {
    const { buyer, order } = await buyGame(t, api, { sku: { listPrice: 700 } });
    await fundWallet(t, buyer.id, 'CNY', 700);
    const release = await t.deps.locks.tryLock(payLockKey(order.id));
    // The call is let through once it has found the lock held at least once (it is waiting, not refused).
    const tryLock = t.deps.locks.tryLock;
    let foundHeld!: () => void;
    const heldSeen = new Promise<void>((resolve) => (foundHeld = resolve));
    t.deps.locks.tryLock = async (key) => {
      const taken = await tryLock.call(t.deps.locks, key);
      if (!taken) foundHeld();
      return taken;
    };
    try {
      const waiting = pay(buyer.token, order.id, { payment_method: 'wallet', version: order.version });
      await heldSeen;
      await release!();
      const res = await waiting;
      expect(res.statusCode, res.body).toBe(200);
      expect(await walletBalance(t, buyer.id)).toBe(0);
    } finally {
      t.deps.locks.tryLock = tryLock;
    }
  });
});

describe('pay with points', () => {
  it('takes the points price from the score with a consume record and completes the order', async () => {
    const { buyer, order } = await buyGame(t, api, { points: { canPointsPay: true, listPoints: 800, salePoints: 500 } });
    await setScore(t, buyer.id, 1200);
    const res = await pay(buyer.token, order.id, { payment_method: 'points', version: order.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'complete', order_id: order.id });
    expect(await scoreOf(t, buyer.id)).toBe(700);
    expect(await paymentRow(t, res.json().payment_id)).toMatchObject({ method: 'points', state: 'succeeded', amount: 500, currency: 'POINTS' });
    const records = await t.deps.db.select().from(pointRecords).where(eq(pointRecords.accountId, buyer.id));
    expect(records).toEqual([expect.objectContaining({ kind: 'consume', realScore: -500, reason: 'order_payment', targetType: 'order', targetId: order.id })]);
    const details = (await api.native.get('/api/point_details', { token: buyer.token })).json().point_details;
    expect(details[0]).toMatchObject({ kind: 'consume', real_score: -500 });
    expect((await orderRow(order.id)).state).toBe('completed');
  });

  it('refuses a score that does not cover the price, taking nothing', async () => {
    const { buyer, order } = await buyGame(t, api, { points: { canPointsPay: true, listPoints: 800 } });
    await setScore(t, buyer.id, 799);
    expect((await pay(buyer.token, order.id, { payment_method: 'points', version: order.version })).json()).toEqual({ errors: { payment_method: ['insufficient_points'] } });
    expect(await scoreOf(t, buyer.id)).toBe(799);
    expect(await t.deps.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(0);
  });
});
