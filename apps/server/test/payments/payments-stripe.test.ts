import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { HOSTS } from '../support/harness.ts';
import { startProviderStub, type ProviderStub, type StubRequest } from '../support/provider-stub.ts';
import { buyGame, notificationsOf, orderRowOf, paymentRow, startGatewayPay } from '../support/payments-factories.ts';
import { steamCodes, stockKeys } from '../support/keys-factories.ts';
import { paymentNotifications, refunds } from '../../src/modules/payments/tables.ts';
import { STRIPE_WEBHOOK_TOLERANCE_SECONDS } from '../../src/platform/payment-gateways/stripe.ts';
import { useTestApp } from '../support/test-app.ts';

const WEBHOOK_SECRET = 'whsec_lantern_test_0123456789abcdef';
/** The SDK's own webhook helpers: events are signed exactly as Stripe signs them. */
const webhooks = new Stripe('sk_test_unused').webhooks;

let stub: ProviderStub;
let sessions = 0;
let refundsMade = 0;

/** Stripe's API as documented, for the two calls the store makes. */
function answer(request: StubRequest) {
  if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
    const id = `cs_test_${++sessions}`;
    return {
      body: JSON.stringify({
        id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}#fidkdWxOYHwnPyd1blpxYHZxWjA0`,
        payment_intent: null, payment_status: 'unpaid', status: 'open', mode: 'payment',
        amount_total: Number(request.form['line_items[0][price_data][unit_amount]']), currency: request.form['line_items[0][price_data][currency]'],
        client_reference_id: request.form.client_reference_id, metadata: { out_trade_no: request.form['metadata[out_trade_no]'] },
      }),
    };
  }
  if (request.method === 'POST' && request.url === '/v1/refunds') {
    return { body: JSON.stringify({ id: `re_test_${++refundsMade}`, object: 'refund', status: 'succeeded', amount: Number(request.form.amount), payment_intent: request.form.payment_intent }) };
  }
  return { status: 404, body: JSON.stringify({ error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${request.url})` } }) };
}

beforeAll(async () => {
  stub = await startProviderStub(answer);
});
afterAll(() => stub.close());
const { t, api } = useTestApp(() => ({ env: { STRIPE_SECRET_KEY: 'sk_test_lantern', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stub.origin } }));

const orderRow = (id: number) => orderRowOf(t, id);
const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

let events = 0;
/** A Checkout Session event as Stripe sends it; `session` overrides fields of the session object. */
function sessionEvent(type: string, outTradeNo: string, session: Record<string, unknown> = {}) {
  return {
    id: `evt_test_${++events}`, object: 'event', type, api_version: '2025-11-17.clover', created: nowSeconds(), livemode: false,
    data: {
      object: {
        id: `cs_test_for_${outTradeNo}`, object: 'checkout.session', client_reference_id: outTradeNo, metadata: { out_trade_no: outTradeNo },
        payment_intent: `pi_test_${outTradeNo}`, payment_status: 'paid', status: 'complete', currency: 'usd', ...session,
      },
    },
  };
}

/** Posts an event to the Stripe webhook as Stripe would: the JSON text, signed with the endpoint's secret. */
function deliver(event: object, options: { secret?: string; timestamp?: number; body?: string } = {}) {
  const payload = JSON.stringify(event);
  const signature = webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp ?? nowSeconds() });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/notify/stripe',
    headers: { host: HOSTS.abroad, 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload: options.body ?? payload,
  });
}

/** A buyer on the international site with an order for a game holding a key, and a card checkout opened at Stripe. */
async function cardCheckout(listPrice = 1999) {
  const bought = await buyGame(t, api, { area: 'abroad', sku: { listPrice } });
  await stockKeys(t, bought.sku.id, steamCodes(1, 'STRP'));
  const res = await api.abroad.patch(`/api/orders/${bought.order.id}/pay`, { payment_method: 'card', payment_from: 'web', version: bought.order.version }, { token: bought.buyer.token });
  expect(res.statusCode, res.body).toBe(200);
  const checkout = res.json() as { payment_id: number; url: string; method: string; data: Record<string, string> };
  const outTradeNo = (await paymentRow(t, checkout.payment_id)).outTradeNo;
  return { ...bought, checkout, outTradeNo };
}

describe('a card checkout', () => {
  it('opens a Checkout Session for the order amount in cents, keyed by our trade number, and sends the browser there with a GET', async () => {
    const { order, checkout, outTradeNo } = await cardCheckout(2499);
    expect(checkout).toEqual({ payment_id: expect.any(Number), url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+#/), method: 'GET', data: {} });
    const sent = stub.requests.filter((r) => r.url === '/v1/checkout/sessions').at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer sk_test_lantern');
    expect(sent.headers['idempotency-key']).toBe(`checkout:${outTradeNo}`);
    expect(sent.form).toMatchObject({
      mode: 'payment', client_reference_id: outTradeNo, 'metadata[out_trade_no]': outTradeNo, 'payment_intent_data[metadata][out_trade_no]': outTradeNo,
      'line_items[0][quantity]': '1', 'line_items[0][price_data][currency]': 'usd', 'line_items[0][price_data][unit_amount]': '2499',
      'line_items[0][price_data][product_data][name]': `Lantern order ${order.id}`, locale: 'en',
      success_url: `http://localhost:3001/orders/${order.id}/checkout?payment_id=${checkout.payment_id}`,
    });
    expect(await paymentRow(t, checkout.payment_id)).toMatchObject({ gateway: 'stripe', method: 'card', state: 'created', amount: 2499, currency: 'USD' });
  });

  it('still offers PayPal through the sandbox outside production, since Stripe takes only cards here', async () => {
    const { buyer, order } = await buyGame(t, api, { area: 'abroad' });
    const listed = (await api.abroad.get(`/api/orders/${order.id}/payments`, { token: buyer.token })).json();
    expect(listed.payment_methods.slice(0, 2)).toEqual([
      { method: 'paypal', available: true, reason: null }, { method: 'card', available: true, reason: null },
    ]);
    const paypal = await startGatewayPay(api, 'abroad', buyer.token, order, 'paypal');
    expect(paypal.url).toMatch(/^\/sandbox\/pay\//);
  });
});

describe('the Stripe webhook', () => {
  it('applies checkout.session.completed once: the order completes and its key is delivered; a replay is ignored', async () => {
    const { buyer, order, checkout, outTradeNo } = await cardCheckout(1999);
    const event = sessionEvent('checkout.session.completed', outTradeNo, { amount_total: 1999 });
    const res = await deliver(event);
    expect([res.statusCode, res.body]).toEqual([200, 'success']);
    expect(await paymentRow(t, checkout.payment_id)).toMatchObject({ state: 'succeeded', gatewayTradeNo: `pi_test_${outTradeNo}` });
    expect(await orderRow(order.id)).toMatchObject({ state: 'completed', version: order.version + 1 });
    const keys = (await api.abroad.get('/api/game_key', { token: buyer.token })).json().game_keys;
    expect(keys).toEqual([expect.objectContaining({ delivery: expect.objectContaining({ state: 'delivered' }) })]);

    // Stripe delivers at least once: the same event again (signed anew, as a retry is) changes nothing.
    const replay = await deliver(event);
    expect([replay.statusCode, replay.body]).toEqual([200, 'success']);
    expect((await orderRow(order.id)).version).toBe(order.version + 1);
    expect(await notificationsOf(t, outTradeNo)).toEqual([expect.objectContaining({ gateway: 'stripe', notifyId: event.id, verified: true, outcome: 'applied', flaggedAt: null })]);
  });

  it('refuses an altered body, a wrong secret, a missing signature and a timestamp outside the tolerance (400), applying nothing', async () => {
    const { order, checkout, outTradeNo } = await cardCheckout(1500);
    const event = sessionEvent('checkout.session.completed', outTradeNo, { amount_total: 1500 });
    const altered = JSON.stringify(sessionEvent('checkout.session.completed', outTradeNo, { amount_total: 1 }));
    expect((await deliver(event, { body: altered })).json()).toEqual({ errors: { sign: ['invalid'] } });
    expect((await deliver(event, { secret: 'whsec_someone_else' })).json()).toEqual({ errors: { sign: ['invalid'] } });
    const stale = await deliver(event, { timestamp: nowSeconds() - STRIPE_WEBHOOK_TOLERANCE_SECONDS - 1 });
    expect([stale.statusCode, stale.json()]).toEqual([400, { errors: { sign: ['invalid'] } }]);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/payments/notify/stripe', headers: { host: HOSTS.abroad, 'content-type': 'application/json' }, payload: JSON.stringify(event) });
    expect([unsigned.statusCode, unsigned.json()]).toEqual([400, { errors: { sign: ['blank'] } }]);
    expect((await paymentRow(t, checkout.payment_id)).state).toBe('created');
    expect((await orderRow(order.id)).state).toBe('pending');
    expect((await notificationsOf(t, outTradeNo)).every((n) => !n.verified && n.outcome === 'refused')).toBe(true);

    // The genuine event, within the tolerance, still applies: the forgeries did not take its id.
    const genuine = await deliver(event, { timestamp: nowSeconds() - STRIPE_WEBHOOK_TOLERANCE_SECONDS + 5 });
    expect([genuine.statusCode, genuine.body]).toEqual([200, 'success']);
    expect((await orderRow(order.id)).state).toBe('completed');
  });

  it('refuses a genuine event for another amount or currency and flags it for staff, with an error in the log', async () => {
    const { order, checkout, outTradeNo } = await cardCheckout(3000);
    const logged = vi.spyOn(t.deps.log, 'error');
    try {
      const short = sessionEvent('checkout.session.completed', outTradeNo, { amount_total: 300 });
      expect((await deliver(short)).json()).toEqual({ errors: { amount: ['mismatch'] } });
      const euros = sessionEvent('checkout.session.completed', outTradeNo, { amount_total: 3000, currency: 'eur' });
      expect((await deliver(euros)).json()).toEqual({ errors: { currency: ['mismatch'] } });
      const stored = await notificationsOf(t, outTradeNo);
      expect(stored.map((n) => [n.notifyId, n.verified, n.outcome, n.flagReason, n.flaggedAt instanceof Date]).sort()).toEqual([
        [short.id, true, 'refused', 'amount_mismatch', true], [euros.id, true, 'refused', 'currency_mismatch', true],
      ].sort());
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ gateway: 'stripe', notifyId: short.id, flagReason: 'amount_mismatch', expected: { amount: 3000 } }),
        expect.stringContaining('flagged'),
      );
    } finally {
      logged.mockRestore();
    }
    expect((await paymentRow(t, checkout.payment_id)).state).toBe('created');
    expect((await orderRow(order.id)).state).toBe('pending');
  });

  it('marks the attempt failed on async_payment_failed and on expired; the order stays payable', async () => {
    for (const type of ['checkout.session.async_payment_failed', 'checkout.session.expired']) {
      const { order, checkout, outTradeNo } = await cardCheckout(1200);
      const res = await deliver(sessionEvent(type, outTradeNo, { amount_total: 1200, payment_status: 'unpaid', payment_intent: null }));
      expect([res.statusCode, res.body]).toEqual([200, 'success']);
      expect(await paymentRow(t, checkout.payment_id)).toMatchObject({ state: 'failed', failureReason: 'gateway_failed' });
      expect((await orderRow(order.id)).state).toBe('pending');
    }
  });

  it('waits on a session completed unpaid (a delayed method) and completes the order when its money arrives', async () => {
    const { order, checkout, outTradeNo } = await cardCheckout(800);
    expect((await deliver(sessionEvent('checkout.session.completed', outTradeNo, { amount_total: 800, payment_status: 'unpaid' }))).body).toBe('success');
    expect((await paymentRow(t, checkout.payment_id)).state).toBe('created');
    expect((await orderRow(order.id)).state).toBe('pending');
    expect((await deliver(sessionEvent('checkout.session.async_payment_succeeded', outTradeNo, { amount_total: 800 }))).body).toBe('success');
    expect((await orderRow(order.id)).state).toBe('completed');
    expect((await notificationsOf(t, outTradeNo)).map((n) => n.outcome).sort()).toEqual(['applied', 'ignored']);
  });

  it('acknowledges events the store does not act on without recording them', async () => {
    const before = await t.deps.db.select().from(paymentNotifications);
    const other = { id: 'evt_test_other', object: 'event', type: 'customer.created', created: nowSeconds(), data: { object: { id: 'cus_1', object: 'customer' } } };
    expect((await deliver(other)).body).toBe('success');
    expect(await t.deps.db.select().from(paymentNotifications)).toHaveLength(before.length);
  });
});

describe('refunds through Stripe', () => {
  it('gives a late payment back: the PaymentIntent is refunded at Stripe with our refund number as the idempotency key', async () => {
    const { order, checkout, outTradeNo } = await cardCheckout(4200);
    t.clock.advance(31 * 60);
    // The order's window closed; the buyer's money arrives anyway, and the order does not take it.
    expect((await deliver(sessionEvent('checkout.session.completed', outTradeNo, { amount_total: 4200 }))).body).toBe('success');
    expect((await orderRow(order.id)).state).not.toBe('completed');
    expect(await paymentRow(t, checkout.payment_id)).toMatchObject({ state: 'refunded', failureReason: 'late_payment' });
    const [refund] = await t.deps.db.select().from(refunds).where(eq(refunds.paymentId, checkout.payment_id));
    expect(refund).toMatchObject({ state: 'succeeded', amount: 4200, reason: 'late_payment', gatewayRefundNo: expect.stringMatching(/^re_test_/) });
    const sent = stub.requests.filter((r) => r.url === '/v1/refunds');
    expect(sent.at(-1)!.headers['idempotency-key']).toBe(`LTR${refund!.id}`);
    expect(sent.at(-1)!.form).toMatchObject({ payment_intent: `pi_test_${outTradeNo}`, amount: '4200', 'metadata[out_refund_no]': `LTR${refund!.id}`, 'metadata[reason]': 'late_payment' });
  });
});
