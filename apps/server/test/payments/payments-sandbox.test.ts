import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { HOSTS } from '../support/harness.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { buyGame, notify, orderRowOf, paymentRow, postForm, signedNotification, startGatewayPay } from '../support/payments-factories.ts';
import { paymentNotifications } from '../../src/modules/payments/tables.ts';
import { startSession } from '../../src/modules/accounts/sessions.ts';
import { checkoutPage } from '../../src/modules/payments/sandbox-page.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

const orderRow = (id: number) => orderRowOf(t, id);
const payQuery = (token: string, orderId: number, body?: unknown, area: 'native' | 'abroad' = 'native') =>
  api[area].patch(`/api/orders/${orderId}/pay_query`, body, { token });

describe('the sandbox checkout page', () => {
  it('renders in Chinese on the mainland site: merchant, order, method and amount, with Pay, Fail and Cancel', async () => {
    const { buyer, order } = await buyGame(t, api, { sku: { listPrice: 123_456 } });
    const started = await startGatewayPay(api, 'native', buyer.token, order);
    const page = await postForm(t, 'native', started.url, started.data);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('<html lang="zh-CN">');
    expect(page.body).toContain('沙盒收银台');
    expect(page.body).toContain('Lantern');
    expect(page.body).toContain(`Lantern 订单 ${order.id}`);
    expect(page.body).toContain('支付宝');
    expect(page.body).toContain('¥1,234.56');
    expect(page.body).toMatch(new RegExp(`<form method="post" action="/sandbox/pay/${started.outTradeNo}/pay">`));
    expect(page.body).toContain(`formaction="/sandbox/pay/${started.outTradeNo}/fail"`);
    expect(page.body).toContain(`formaction="/sandbox/pay/${started.outTradeNo}/cancel"`);
    expect(page.body).toContain(`name="sign" value="${started.data.sign}"`);
    expect(page.body).not.toContain('<script');
    // The same page by GET, with the fields in the query (a GET redirect).
    const viaGet = await t.app.inject({ method: 'GET', url: started.url, query: { ...started.data, client: 'web' }, headers: { host: HOSTS.native } });
    expect(viaGet.statusCode).toBe(200);
  });

  it('renders in English on the international site', async () => {
    const { buyer, order } = await buyGame(t, api, { area: 'abroad', sku: { listPrice: 4999 } });
    const started = await startGatewayPay(api, 'abroad', buyer.token, order, 'paypal');
    const page = await postForm(t, 'abroad', started.url, started.data);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('Sandbox checkout');
    expect(page.body).toContain('$49.99');
    expect(page.body).toContain('PayPal');
    expect(page.body).toMatch(/>Pay<\/button>.*>Fail<\/button>.*>Cancel<\/button>/s);
  });

  it('escapes every value it shows', () => {
    const html = checkoutPage('en', {
      merchant: 'M&M', method: 'card', outTradeNo: 'LT"1', amount: 5, currency: 'USD', subject: '<script>alert(1)</script>',
      returnUrl: '/', notifyUrl: 'http://x/', language: 'en',
    }, { subject: '"><img src=x onerror=alert(1)>' });
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('M&amp;M');
    expect(html).toContain('value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
    expect(html).toContain('$0.05');
    expect(html).not.toContain('<script>');
  });

  it('refuses altered or unsigned checkout fields with a 400 page', async () => {
    const { buyer, order } = await buyGame(t, api);
    const started = await startGatewayPay(api, 'native', buyer.token, order);
    const altered = await postForm(t, 'native', started.url, { ...started.data, amount: '1' });
    expect(altered.statusCode).toBe(400);
    expect(altered.body).toContain('支付请求无效');
    expect((await postForm(t, 'native', started.url, {})).statusCode).toBe(400);
    expect((await postForm(t, 'native', '/sandbox/pay/LTOTHER', started.data)).statusCode).toBe(400);
    expect((await postForm(t, 'native', `${started.url}/pay`, { ...started.data, amount: '1' })).statusCode).toBe(400);
    expect((await postForm(t, 'native', `${started.url}/explode`, started.data)).statusCode).toBe(422);
    expect((await orderRow(order.id)).state).toBe('pending');
  });

  it('Pay sends the signed notification through the notify endpoint, completes the order and sends the browser back', async () => {
    const { buyer, order } = await buyGame(t, api, { sku: { listPrice: 2000 } });
    const started = await startGatewayPay(api, 'native', buyer.token, order);
    expect((await payQuery(buyer.token, order.id, { payment_id: started.payment_id })).json()).toEqual({ status: 'pending', order_id: order.id, payment_id: started.payment_id });

    const clicked = await postForm(t, 'native', `${started.url}/pay`, started.data);
    expect(clicked.statusCode).toBe(303);
    expect(clicked.headers.location).toBe(`/orders/${order.id}/checkout?payment_id=${started.payment_id}`);
    expect(await paymentRow(t, started.payment_id)).toMatchObject({ state: 'succeeded', gatewayTradeNo: expect.stringMatching(/^SBX/) });
    expect((await orderRow(order.id)).state).toBe('completed');
    const [stored] = await t.deps.db.select().from(paymentNotifications).where(eq(paymentNotifications.outTradeNo, started.outTradeNo));
    expect(stored).toMatchObject({ gateway: 'sandbox', verified: true, outcome: 'applied' });

    expect((await payQuery(buyer.token, order.id, { payment_id: started.payment_id })).json()).toEqual({ status: 'complete', order_id: order.id, payment_id: started.payment_id });
    const shown = (await api.native.get(`/api/me/orders/${order.id}`, { token: buyer.token })).json();
    expect(shown.payments).toEqual([expect.objectContaining({ id: started.payment_id, method: 'alipay', state: 'succeeded', amount: 2000, paid_at_timestamp: expect.any(Number) })]);

    // Clicking Pay again (the back button) sends another notification of the same trade: nothing more happens.
    expect((await postForm(t, 'native', `${started.url}/pay`, started.data)).statusCode).toBe(303);
    expect((await orderRow(order.id)).version).toBe(order.version + 1);
  });

  it('works from the buyer\'s browser, which sends the store\'s session cookies but cannot add the CSRF header to a form', async () => {
    const { buyer, order } = await buyGame(t, api);
    const started = await startGatewayPay(api, 'native', buyer.token, order);
    const cookies = { lantern_native_at: buyer.token, lantern_csrf: 'abc' };
    const form = (url: string) => t.app.inject({
      method: 'POST', url, cookies, headers: { host: HOSTS.native, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(started.data).toString(),
    });
    expect((await form(started.url)).statusCode).toBe(200);
    expect((await form(`${started.url}/pay`)).statusCode).toBe(303);
    expect((await orderRow(order.id)).state).toBe('completed');
    // The store's own writes still want the header.
    const write = await t.app.inject({ method: 'PATCH', url: `/api/orders/${order.id}/pay_query`, cookies, headers: { host: HOSTS.native }, payload: {} });
    expect(write.statusCode).toBe(403);
  });

  it('Fail marks the attempt failed and sends the browser back', async () => {
    const { buyer, order } = await buyGame(t, api);
    const failed = await startGatewayPay(api, 'native', buyer.token, order);
    const clicked = await postForm(t, 'native', `${failed.url}/fail`, failed.data);
    expect([clicked.statusCode, clicked.headers.location]).toEqual([303, `/orders/${order.id}/checkout?payment_id=${failed.payment_id}`]);
    expect((await payQuery(buyer.token, order.id, { payment_id: failed.payment_id })).json().status).toBe('failed');
    // Cancel after the failure (the back button) leaves the failure as it was.
    expect((await postForm(t, 'native', `${failed.url}/cancel`, failed.data)).statusCode).toBe(303);
    expect(await paymentRow(t, failed.payment_id)).toMatchObject({ state: 'failed', failureReason: 'gateway_failed' });
  });

  it('Cancel closes the trade: the attempt is canceled, pay_query says so at once, and the order can be paid again', async () => {
    const { buyer, order } = await buyGame(t, api);
    const started = await startGatewayPay(api, 'native', buyer.token, order);
    const clicked = await postForm(t, 'native', `${started.url}/cancel`, started.data);
    expect([clicked.statusCode, clicked.headers.location]).toEqual([303, `/orders/${order.id}/checkout?payment_id=${started.payment_id}`]);
    expect(await paymentRow(t, started.payment_id)).toMatchObject({ state: 'canceled', failureReason: 'buyer_canceled' });
    expect((await payQuery(buyer.token, order.id, { payment_id: started.payment_id })).json()).toEqual({ status: 'canceled', order_id: order.id, payment_id: started.payment_id });
    expect((await payQuery(buyer.token, order.id)).json()).toEqual({ status: 'canceled', order_id: order.id, payment_id: started.payment_id });
    const shown = (await api.native.get(`/api/me/orders/${order.id}`, { token: buyer.token })).json();
    expect(shown).toMatchObject({ state: 'pending', payments: [expect.objectContaining({ id: started.payment_id, state: 'canceled' })] });

    // The order is still payable: a new attempt, then Pay.
    const again = await startGatewayPay(api, 'native', buyer.token, order);
    expect((await payQuery(buyer.token, order.id)).json()).toEqual({ status: 'pending', order_id: order.id, payment_id: again.payment_id });
    await postForm(t, 'native', `${again.url}/pay`, again.data);
    expect((await orderRow(order.id)).state).toBe('completed');
    expect((await payQuery(buyer.token, order.id, { payment_id: started.payment_id })).json().status).toBe('complete');
  });

  it('Cancel never touches money that arrived, and money that arrives after a Cancel still pays the order', async () => {
    const paid = await buyGame(t, api);
    const first = await startGatewayPay(api, 'native', paid.buyer.token, paid.order);
    await postForm(t, 'native', `${first.url}/pay`, first.data);
    // Back to the gateway's page and Cancel: the trade is paid, nothing changes.
    expect((await postForm(t, 'native', `${first.url}/cancel`, first.data)).statusCode).toBe(303);
    expect(await paymentRow(t, first.payment_id)).toMatchObject({ state: 'succeeded' });
    expect((await orderRow(paid.order.id)).state).toBe('completed');
    expect((await payQuery(paid.buyer.token, paid.order.id, { payment_id: first.payment_id })).json().status).toBe('complete');

    // The buyer canceled, yet the gateway reports the money (a late confirmation): it is applied, not lost.
    const late = await buyGame(t, api);
    const attempt = await startGatewayPay(api, 'native', late.buyer.token, late.order);
    await postForm(t, 'native', `${attempt.url}/cancel`, attempt.data);
    expect((await paymentRow(t, attempt.payment_id)).state).toBe('canceled');
    await notify(t, signedNotification(t, { out_trade_no: attempt.outTradeNo, amount: late.order.total_amount, currency: 'CNY' }));
    expect(await paymentRow(t, attempt.payment_id)).toMatchObject({ state: 'succeeded', failureReason: null });
    expect((await orderRow(late.order.id)).state).toBe('completed');
  });

  it('Cancel with altered fields is refused and changes nothing', async () => {
    const { buyer, order } = await buyGame(t, api);
    const started = await startGatewayPay(api, 'native', buyer.token, order);
    expect((await postForm(t, 'native', `${started.url}/cancel`, { ...started.data, amount: '1' })).statusCode).toBe(400);
    expect((await paymentRow(t, started.payment_id)).state).toBe('created');
  });
});

describe('PATCH /api/orders/{id}/pay_query', () => {
  it('is pending with no attempt yet, canceled for a canceled order, and complete once paid', async () => {
    const { buyer, order } = await buyGame(t, api);
    expect((await payQuery(buyer.token, order.id)).json()).toEqual({ status: 'pending', order_id: order.id, payment_id: null });
    const first = await startGatewayPay(api, 'native', buyer.token, order);
    const second = await startGatewayPay(api, 'native', buyer.token, order);
    expect((await payQuery(buyer.token, order.id, { payment_id: first.payment_id })).json().status).toBe('canceled');
    expect((await payQuery(buyer.token, order.id, { payment_id: second.payment_id })).json().status).toBe('pending');
    await notify(t, signedNotification(t, { out_trade_no: second.outTradeNo, amount: order.total_amount, currency: 'CNY' }));
    // Complete whichever attempt is asked about: the order is paid.
    expect((await payQuery(buyer.token, order.id, { payment_id: first.payment_id })).json()).toEqual({ status: 'complete', order_id: order.id, payment_id: second.payment_id });
    expect((await payQuery(buyer.token, order.id)).json()).toEqual({ status: 'complete', order_id: order.id, payment_id: second.payment_id });

    const other = await buyGame(t, api);
    await api.native.post(`/api/orders/${other.order.id}/cancel`, undefined, { token: other.buyer.token });
    expect((await payQuery(other.buyer.token, other.order.id)).json()).toEqual({ status: 'canceled', order_id: other.order.id, payment_id: null });
  });

  it('reads an expired order as canceled', async () => {
    const { buyer, order } = await buyGame(t, api);
    const started = await startGatewayPay(api, 'native', buyer.token, order);
    t.clock.advance(30 * 60);
    const token = (await startSession(t.deps, t.deps.db, buyer.id, 'native')).accessToken;
    expect((await payQuery(token, order.id)).json()).toEqual({ status: 'canceled', order_id: order.id, payment_id: started.payment_id });
  });

  it('answers 404 unusual for another buyer\'s order or a payment of another order, 401 for guests', async () => {
    const mine = await buyGame(t, api);
    const theirs = await buyGame(t, api);
    const theirAttempt = await startGatewayPay(api, 'native', theirs.buyer.token, theirs.order);
    const stranger = await makeAccount(t);
    const res = await payQuery(stranger.token, mine.order.id);
    expect([res.statusCode, res.json()]).toEqual([404, { errors: { base: ['unusual'] } }]);
    const crossed = await payQuery(mine.buyer.token, mine.order.id, { payment_id: theirAttempt.payment_id });
    expect([crossed.statusCode, crossed.json()]).toEqual([404, { errors: { base: ['unusual'] } }]);
    expect((await api.native.patch(`/api/orders/${mine.order.id}/pay_query`, {})).statusCode).toBe(401);
    expect((await payQuery(mine.buyer.token, mine.order.id, { payment_id: 'x' })).statusCode).toBe(422);
    expect((await payQuery(mine.buyer.token, mine.order.id, undefined)).statusCode).toBe(200);
  });
});
