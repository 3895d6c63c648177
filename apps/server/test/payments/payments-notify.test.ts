import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buyGame, notificationsOf, notify, orderRowOf, paymentRow, sandboxOf, shuffle, signedNotification, startGatewayPay } from '../support/payments-factories.ts';
import { payments, refunds } from '../../src/modules/payments/tables.ts';
import { startSession } from '../../src/modules/accounts/sessions.ts';
import { settlePendingRefunds } from '../../src/modules/payments/refunds.ts';
import { UNVERIFIED_NOTIFICATIONS_PER_HOUR } from '../../src/modules/payments/notifications.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

const orderRow = (id: number) => orderRowOf(t, id);
const refundOf = async (paymentId: number) => (await t.deps.db.select().from(refunds).where(eq(refunds.paymentId, paymentId)))[0];

/** A pending order with a gateway attempt under way: what a notification is about. */
async function attempt(options: Parameters<typeof buyGame>[2] = {}) {
  const bought = await buyGame(t, api, options);
  const area = options.area ?? 'native';
  const started = await startGatewayPay(api, area, bought.buyer.token, bought.order);
  const paid = (extra: Record<string, string | number> = {}) =>
    signedNotification(t, { out_trade_no: started.outTradeNo, amount: bought.order.total_amount, currency: bought.order.currency, ...extra });
  return { ...bought, started, paid };
}

describe('a signed paid notification', () => {
  it('completes the order, marks the attempt succeeded and answers the bare word success', async () => {
    const { order, started, paid } = await attempt({ sku: { listPrice: 4500 } });
    const notice = paid({ gateway_trade_no: 'G-1' });
    const res = await notify(t, notice);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('success');
    expect(await paymentRow(t, started.payment_id)).toMatchObject({ state: 'succeeded', gatewayTradeNo: 'G-1', paidAt: expect.any(Date) });
    expect(await orderRow(order.id)).toMatchObject({ state: 'completed', version: order.version + 1 });
    expect(await notificationsOf(t, started.outTradeNo)).toEqual([expect.objectContaining({ gateway: 'sandbox', notifyId: notice.notify_id, verified: true, outcome: 'applied', payload: notice })]);
  });

  it('is accepted as JSON too, and cookies that came along are not asked for CSRF', async () => {
    const { buyer, order, paid } = await attempt();
    const res = await notify(t, paid(), { json: true, cookies: { lantern_native_at: buyer.token } });
    expect([res.statusCode, res.body]).toEqual([200, 'success']);
    expect((await orderRow(order.id)).state).toBe('completed');
  });

  it('applies once when replayed three times in shuffled order with a failed one mixed in', async () => {
    for (let round = 0; round < 3; round++) {
      const { order, started, paid } = await attempt();
      const success = paid();
      const failure = paid({ status: 'failed' });
      const answers = [];
      for (const notice of shuffle([success, success, success, failure])) answers.push(await notify(t, notice));
      expect(answers.map((a) => [a.statusCode, a.body])).toEqual(Array.from({ length: 4 }, () => [200, 'success']));
      // Whichever came first, the money counts: the attempt succeeded and the order completed, once.
      expect(await paymentRow(t, started.payment_id)).toMatchObject({ state: 'succeeded' });
      expect(await orderRow(order.id)).toMatchObject({ state: 'completed', version: order.version + 1 });
      const stored = await notificationsOf(t, started.outTradeNo);
      expect(stored.map((n) => n.notifyId).sort()).toEqual([success.notify_id, failure.notify_id].sort());
      expect(stored.find((n) => n.notifyId === success.notify_id)!.outcome).toBe('applied');
      expect(await t.deps.db.select().from(refunds).where(eq(refunds.paymentId, started.payment_id))).toEqual([]);
    }
  });

  it('applies once when the same notification arrives concurrently', async () => {
    const { order, started, paid } = await attempt();
    const notice = paid();
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(t, notice)));
    expect(answers.every((a) => a.statusCode === 200 && a.body === 'success')).toBe(true);
    expect(await notificationsOf(t, started.outTradeNo)).toHaveLength(1);
    expect((await orderRow(order.id)).version).toBe(order.version + 1);
  });

  it('changes nothing when the gateway tells the same payment again under a new notify id', async () => {
    const { started, paid } = await attempt();
    await notify(t, paid());
    const again = await notify(t, paid());
    expect([again.statusCode, again.body]).toEqual([200, 'success']);
    expect((await notificationsOf(t, started.outTradeNo)).map((n) => n.outcome).sort()).toEqual(['applied', 'ignored']);
    expect(await refundOf(started.payment_id)).toBeUndefined();
  });
});

describe('refused notifications', () => {
  it('refuses a forged signature (400 sign invalid), keeps it unverified, and changes nothing', async () => {
    const { order, started, paid } = await attempt();
    const forged: Record<string, string> = { ...paid(), sign: 'f'.repeat(64) };
    const res = await notify(t, forged);
    expect([res.statusCode, res.json()]).toEqual([400, { errors: { sign: ['invalid'] } }]);
    const unsigned = { ...paid() } as Record<string, string>;
    delete unsigned.sign;
    expect((await notify(t, unsigned)).json()).toEqual({ errors: { sign: ['invalid'] } });
    expect((await notify(t, {})).json()).toEqual({ errors: { sign: ['invalid'] } });
    const stored = await notificationsOf(t, started.outTradeNo);
    expect(stored.length).toBe(2);
    expect(stored.every((n) => !n.verified && n.outcome === 'refused')).toBe(true);
    expect((await paymentRow(t, started.payment_id)).state).toBe('created');
    expect((await orderRow(order.id)).state).toBe('pending');
    // The forged notify id did not take the genuine one's place.
    const genuine = await notify(t, signedNotification(t, { out_trade_no: started.outTradeNo, amount: order.total_amount, currency: 'CNY', notify_id: forged.notify_id! }));
    expect(genuine.body).toBe('success');
    expect((await orderRow(order.id)).state).toBe('completed');
  });

  it('refuses a signed notification for another amount (400 amount mismatch), recorded as refused and flagged for staff', async () => {
    const { order, started, paid } = await attempt({ sku: { listPrice: 9900 } });
    const res = await notify(t, paid({ amount: 1 }));
    expect([res.statusCode, res.json()]).toEqual([400, { errors: { amount: ['mismatch'] } }]);
    expect((await notificationsOf(t, started.outTradeNo))[0]).toMatchObject({ verified: true, outcome: 'refused', flagReason: 'amount_mismatch', flaggedAt: expect.any(Date) });
    expect((await paymentRow(t, started.payment_id)).state).toBe('created');
    expect((await orderRow(order.id)).state).toBe('pending');
    // Tampering with a signed field breaks the signature instead.
    const tampered = { ...paid(), amount: '1' };
    expect((await notify(t, tampered)).json()).toEqual({ errors: { sign: ['invalid'] } });
  });

  it('refuses another currency, an unknown trade number, bad fields and an unknown gateway', async () => {
    const { paid } = await attempt();
    expect((await notify(t, paid({ currency: 'USD' }))).json()).toEqual({ errors: { currency: ['mismatch'] } });
    expect((await notify(t, paid({ out_trade_no: 'LTNOSUCHTRADE' }))).json()).toEqual({ errors: { out_trade_no: ['not_found'] } });
    expect((await notify(t, paid({ amount: '12.50' }))).json()).toEqual({ errors: { amount: ['invalid'] } });
    expect((await notify(t, paid({ status: 'maybe' }))).json()).toEqual({ errors: { status: ['invalid'] } });
    expect((await notify(t, paid({ notify_id: '' }))).json()).toEqual({ errors: { notify_id: ['blank'] } });
    expect((await notify(t, paid(), { gateway: 'nowhere' })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url: '/api/payments/notify/sandbox', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect(bad.statusCode).toBe(400);
    // Characters the database cannot store are refused as the client's fault, form or JSON, never a 500.
    const nul = await t.app.inject({ method: 'POST', url: '/api/payments/notify/sandbox', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'out_trade_no=%00&notify_id=n1' });
    expect([nul.statusCode, nul.json()]).toEqual([400, { errors: { out_trade_no: ['invalid'] } }]);
    const surrogate = await t.app.inject({ method: 'POST', url: '/api/payments/notify/sandbox', headers: { 'content-type': 'application/json' }, payload: '{"notify_id":"\\ud800","out_trade_no":"x\\u0000"}' });
    expect(surrogate.statusCode).toBe(400);
    const huge = await notify(t, { ...paid(), filler: 'x'.repeat(70_000) });
    expect([huge.statusCode, huge.json()]).toEqual([413, { errors: { base: ['too_large'] } }]);
  });

  it('refuses and flags a genuine notification from another gateway than the one the attempt was opened with', async () => {
    const { order, started, paid } = await attempt();
    await t.deps.db.update(payments).set({ gateway: 'alipay' }).where(eq(payments.id, started.payment_id));
    expect((await notify(t, paid())).json()).toEqual({ errors: { gateway: ['mismatch'] } });
    expect((await notificationsOf(t, started.outTradeNo))[0]).toMatchObject({ verified: true, outcome: 'refused', flagReason: 'gateway_mismatch' });
    expect((await orderRow(order.id)).state).toBe('pending');
  });

  it('never lets a notification pay a wallet or points payment', async () => {
    const { buyer, order } = await buyGame(t, api, { sku: { listPrice: 100 } });
    const { fundWallet } = await import('../support/payments-factories.ts');
    await fundWallet(t, buyer.id, 'CNY', 100);
    const paidRes = await api.native.patch(`/api/orders/${order.id}/pay`, { payment_method: 'wallet', version: order.version }, { token: buyer.token });
    const payment = await paymentRow(t, paidRes.json().payment_id);
    const res = await notify(t, signedNotification(t, { out_trade_no: payment.outTradeNo, amount: 100, currency: 'CNY' }));
    expect(res.json()).toEqual({ errors: { out_trade_no: ['invalid'] } });
  });
});

describe('an address that keeps sending forgeries', () => {
  it('is refused with 429 once over the hourly limit, without storing more, while genuine notifications still apply', async () => {
    const { order, started, paid } = await attempt();
    const forger = '203.0.113.66';
    for (let i = 0; i < UNVERIFIED_NOTIFICATIONS_PER_HOUR; i++) {
      expect((await notify(t, { ...paid(), sign: 'f'.repeat(64) }, { ip: forger })).statusCode).toBe(400);
    }
    const over = await notify(t, { ...paid(), sign: 'f'.repeat(64) }, { ip: forger });
    expect([over.statusCode, over.json().errors]).toEqual([429, { base: ['rate_limit'] }]);
    expect(await notificationsOf(t, started.outTradeNo)).toHaveLength(UNVERIFIED_NOTIFICATIONS_PER_HOUR);

    const genuine = await notify(t, signedNotification(t, { out_trade_no: started.outTradeNo, amount: order.total_amount, currency: 'CNY' }), { ip: forger });
    expect(genuine.statusCode).toBe(200);
    expect((await paymentRow(t, started.payment_id)).state).toBe('succeeded');
  });
});

describe('failed notifications', () => {
  it('mark an open attempt failed, and the order stays payable', async () => {
    const { buyer, order, started, paid } = await attempt();
    expect((await notify(t, paid({ status: 'failed' }))).body).toBe('success');
    expect(await paymentRow(t, started.payment_id)).toMatchObject({ state: 'failed', failureReason: 'gateway_failed' });
    expect((await orderRow(order.id)).state).toBe('pending');
    const query = await api.native.patch(`/api/orders/${order.id}/pay_query`, { payment_id: started.payment_id }, { token: buyer.token });
    expect(query.json()).toEqual({ status: 'failed', order_id: order.id, payment_id: started.payment_id });
  });

  it('never undo a success that arrived first', async () => {
    const { started, paid } = await attempt();
    await notify(t, paid());
    expect((await notify(t, paid({ status: 'failed' }))).body).toBe('success');
    expect((await paymentRow(t, started.payment_id)).state).toBe('succeeded');
  });
});

describe('money that arrives when the order can no longer take it', () => {
  it('a late payment after expiry is recorded and refunded; the order stays canceled and the coupon stays returned', async () => {
    const { buyer, order, started, paid, held } = await attempt({ sku: { listPrice: 5000 }, coupon: true });
    t.clock.advance(31 * 60);
    const token = (await startSession(t.deps, t.deps.db, buyer.id, 'native')).accessToken;
    expect((await api.native.get(`/api/me/orders/${order.id}`, { token })).json()).toMatchObject({ state: 'canceled', cancel_reason: 'expired' });
    const refundsBefore = sandboxOf(t).refunds.length;

    const notice = paid({ gateway_trade_no: 'G-LATE' });
    const res = await notify(t, notice);
    expect([res.statusCode, res.body]).toEqual([200, 'success']);
    expect(await paymentRow(t, started.payment_id)).toMatchObject({ state: 'refunded', gatewayTradeNo: 'G-LATE', failureReason: 'late_payment' });
    expect(await refundOf(started.payment_id)).toMatchObject({ amount: 4000, reason: 'late_payment', state: 'succeeded', gatewayRefundNo: expect.stringMatching(/^SBXR/) });
    expect(sandboxOf(t).refunds.slice(refundsBefore)).toEqual([expect.objectContaining({ outTradeNo: started.outTradeNo, gatewayTradeNo: 'G-LATE', amount: 4000, reason: 'late_payment' })]);
    expect((await notificationsOf(t, started.outTradeNo))[0]!.outcome).toBe('refunded');

    const shown = (await api.native.get(`/api/me/orders/${order.id}`, { token })).json();
    expect(shown).toMatchObject({ state: 'canceled', cancel_reason: 'expired' });
    expect(shown.payments).toEqual([expect.objectContaining({ id: started.payment_id, state: 'refunded' })]);
    const coupon = (await api.native.get('/api/me/account_coupons', { token })).json().account_coupons.find((c: { id: number }) => c.id === held);
    expect(coupon).toMatchObject({ state: 'available', order_id: null });
    expect((await api.native.patch(`/api/orders/${order.id}/pay_query`, {}, { token })).json()).toEqual({ status: 'refunded', order_id: order.id, payment_id: started.payment_id });

    // Told again, nothing more goes back.
    await notify(t, notice);
    await notify(t, paid());
    expect(sandboxOf(t).refunds.slice(refundsBefore)).toHaveLength(1);
    expect(await t.deps.db.select().from(refunds).where(eq(refunds.paymentId, started.payment_id))).toHaveLength(1);
  });

  it('money for an order the buyer canceled goes back (order_canceled)', async () => {
    const { buyer, order, started, paid } = await attempt();
    await api.native.post(`/api/orders/${order.id}/cancel`, undefined, { token: buyer.token });
    expect((await notify(t, paid())).body).toBe('success');
    expect(await refundOf(started.payment_id)).toMatchObject({ reason: 'order_canceled', state: 'succeeded' });
    expect((await orderRow(order.id)).state).toBe('canceled');
  });

  it('a second attempt paid after the first completed the order is a duplicate payment and goes back', async () => {
    const { buyer, order, started: first } = await attempt();
    const second = await startGatewayPay(api, 'native', buyer.token, order, 'wechat');
    // The buyer paid the first (replaced) checkout anyway: it still completes the order.
    expect((await notify(t, signedNotification(t, { out_trade_no: first.outTradeNo, amount: order.total_amount, currency: 'CNY' }))).body).toBe('success');
    expect((await paymentRow(t, first.payment_id)).state).toBe('succeeded');
    expect((await paymentRow(t, second.payment_id)).state).toBe('canceled');
    expect((await notify(t, signedNotification(t, { out_trade_no: second.outTradeNo, amount: order.total_amount, currency: 'CNY' }))).body).toBe('success');
    expect(await paymentRow(t, second.payment_id)).toMatchObject({ state: 'refunded', failureReason: 'duplicate_payment' });
    expect(await refundOf(second.payment_id)).toMatchObject({ reason: 'duplicate_payment', amount: order.total_amount, state: 'succeeded' });
    expect(await t.deps.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(2);
    expect((await orderRow(order.id)).version).toBe(order.version + 1);
  });

  it('a refund the gateway cannot take now stays pending, never lost, and the sweep settles it later', async () => {
    const { buyer, order, started, paid } = await attempt();
    await api.native.post(`/api/orders/${order.id}/cancel`, undefined, { token: buyer.token });
    const gateway = sandboxOf(t);
    const original = gateway.refund.bind(gateway);
    gateway.refund = async () => {
      throw new Error('gateway down');
    };
    try {
      expect((await notify(t, paid())).body).toBe('success');
    } finally {
      gateway.refund = original;
    }
    expect(await refundOf(started.payment_id)).toMatchObject({ state: 'pending', gatewayRefundNo: null });
    expect((await paymentRow(t, started.payment_id)).state).toBe('refunded');
    // The sweep asks again once the gateway is back.
    expect(await settlePendingRefunds(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await refundOf(started.payment_id)).toMatchObject({ state: 'succeeded', gatewayRefundNo: expect.stringMatching(/^SBXR/) });
  });
});
