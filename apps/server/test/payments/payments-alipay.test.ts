import { createSign, createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { HOSTS } from '../support/harness.ts';
import { startProviderStub, type ProviderStub, type StubRequest } from '../support/provider-stub.ts';
import { buyGame, notificationsOf, orderRowOf, paymentRow, startGatewayPay } from '../support/payments-factories.ts';
import { steamCodes, stockKeys } from '../support/keys-factories.ts';
import { refunds } from '../../src/modules/payments/tables.ts';
import { useTestApp } from '../support/test-app.ts';

const APP_ID = '2021000000000001';
/** Our application's key pair (Alipay holds the public half) and Alipay's (we hold the public half). */
const appKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
/** Alipay's console hands keys out as bare base64, without PEM armour: configured that way here. */
const bareBase64 = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ type, format: 'der' }).toString('base64');

/** Alipay's RSA2 signature: SHA256withRSA over `k=v&…` of every parameter but sign and sign_type, sorted by name. */
function signString(params: Record<string, string>): string {
  return Object.keys(params).filter((k) => k !== 'sign' && k !== 'sign_type').sort().map((k) => `${k}=${params[k]}`).join('&');
}
const rsa2 = (text: string, key: KeyObject) => createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');
const rsa2Valid = (text: string, signature: string, key: KeyObject) => createVerify('RSA-SHA256').update(text, 'utf8').verify(key, signature, 'base64');

let stub: ProviderStub;
/** When set, the stub signs its answers with a key that is not Alipay's. */
let forgeAnswers = false;

/**
 * Alipay's OpenAPI gateway as documented, for `alipay.trade.refund`: it checks our request's signature with
 * our public key, and answers `alipay_trade_refund_response` signed with Alipay's private key over its exact JSON text.
 */
function answer(request: StubRequest) {
  const params = { ...Object.fromEntries(new URL(request.url, 'http://stub').searchParams), ...request.form };
  const signedByUs = rsa2Valid(Object.keys(params).filter((k) => k !== 'sign').sort().map((k) => `${k}=${params[k]}`).join('&'), params.sign ?? '', appKeys.publicKey);
  const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
  const inner = signedByUs && params.method === 'alipay.trade.refund'
    ? { code: '10000', msg: 'Success', trade_no: biz.trade_no, out_trade_no: biz.out_trade_no, buyer_logon_id: 'buy***@example.com', fund_change: 'Y', refund_fee: biz.refund_amount, gmt_refund_pay: '2026-11-24 12:00:00' }
    : { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: 'invalid signature' };
  const text = JSON.stringify(inner);
  return { body: `{"alipay_trade_refund_response":${text},"sign":"${rsa2(text, forgeAnswers ? appKeys.privateKey : alipayKeys.privateKey)}"}` };
}

beforeAll(async () => {
  stub = await startProviderStub(answer);
});
afterAll(() => stub.close());
const { t, api } = useTestApp(() => ({
  env: {
    ALIPAY_APP_ID: APP_ID,
    ALIPAY_PRIVATE_KEY: bareBase64(appKeys.privateKey, 'pkcs8'),
    ALIPAY_PUBLIC_KEY: bareBase64(alipayKeys.publicKey, 'spki'),
    ALIPAY_GATEWAY: `${stub.origin}/gateway.do`,
  },
}));

const orderRow = (id: number) => orderRowOf(t, id);

let notices = 0;
/** An asynchronous notification as Alipay sends it, signed with Alipay's key (or `key`); `fields` override. */
function tradeNotice(outTradeNo: string, fields: Record<string, string>, key: KeyObject = alipayKeys.privateKey): Record<string, string> {
  const params: Record<string, string> = {
    notify_time: '2026-11-24 12:00:00', notify_type: 'trade_status_sync', notify_id: `ac05099524730693a8b330c5ecf72da${++notices}`,
    app_id: APP_ID, charset: 'utf-8', version: '1.0', trade_no: `2026112422001${outTradeNo.slice(-10)}`, out_trade_no: outTradeNo,
    trade_status: 'TRADE_SUCCESS', subject: 'Lantern 订单', buyer_logon_id: 'buy***@example.com', ...fields,
  };
  return { ...params, sign_type: 'RSA2', sign: rsa2(signString(params), key) };
}

/** Posts a notification as Alipay does: a form. */
function deliver(fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/notify/alipay',
    headers: { host: HOSTS.native, 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** A mainland buyer with an order for a game holding a key, and an Alipay page-pay attempt. */
async function alipayCheckout(listPrice = 1999) {
  const bought = await buyGame(t, api, { area: 'native', sku: { listPrice } });
  await stockKeys(t, bought.sku.id, steamCodes(1, 'ALIP'));
  const res = await api.native.patch(`/api/orders/${bought.order.id}/pay`, { payment_method: 'alipay', payment_from: 'web', version: bought.order.version }, { token: bought.buyer.token });
  expect(res.statusCode, res.body).toBe(200);
  const checkout = res.json() as { payment_id: number; url: string; method: string; data: Record<string, string> };
  return { ...bought, checkout, outTradeNo: (await paymentRow(t, checkout.payment_id)).outTradeNo };
}

describe('an Alipay page pay', () => {
  it('is a GET to the gateway carrying alipay.trade.page.pay in yuan, signed with our private key, made without any call', async () => {
    const calls = stub.requests.length;
    const { order, checkout, outTradeNo } = await alipayCheckout(1999);
    expect(checkout.url).toBe(`${stub.origin}/gateway.do`);
    expect(checkout.method).toBe('GET');
    expect(checkout.data).toMatchObject({
      app_id: APP_ID, method: 'alipay.trade.page.pay', charset: 'utf-8', sign_type: 'RSA2', version: '1.0',
      notify_url: 'http://localhost:3000/api/payments/notify/alipay',
      return_url: `http://localhost:3000/orders/${order.id}/checkout?payment_id=${checkout.payment_id}`,
    });
    expect(JSON.parse(checkout.data.biz_content!)).toEqual({ out_trade_no: outTradeNo, total_amount: '19.99', subject: `Lantern 订单 ${order.id}`, product_code: 'FAST_INSTANT_TRADE_PAY' });
    // Alipay checks the request with our public key over every parameter but the signature.
    const { sign, ...signed } = checkout.data;
    expect(rsa2Valid(Object.keys(signed).sort().map((k) => `${k}=${signed[k]}`).join('&'), sign!, appKeys.publicKey)).toBe(true);
    expect(stub.requests.length).toBe(calls);
    expect(await paymentRow(t, checkout.payment_id)).toMatchObject({ gateway: 'alipay', method: 'alipay', amount: 1999, currency: 'CNY' });
  });

  it('leaves WeChat Pay to the sandbox outside production, since no WeChat provider exists yet', async () => {
    const { buyer, order } = await buyGame(t, api, { area: 'native' });
    const wechat = await startGatewayPay(api, 'native', buyer.token, order, 'wechat');
    expect(wechat.url).toMatch(/^\/sandbox\/pay\//);
  });
});

describe('the Alipay notification', () => {
  it('applies TRADE_SUCCESS once, with yuan read exactly as fen: the order completes and its key is delivered; a replay is ignored', async () => {
    // 11.15 yuan: as a float, 11.15 * 100 is 1114.9999999999998.
    const { buyer, order, checkout, outTradeNo } = await alipayCheckout(1115);
    const notice = tradeNotice(outTradeNo, { total_amount: '11.15' });
    const res = await deliver(notice);
    expect([res.statusCode, res.headers['content-type'], res.body]).toEqual([200, 'text/plain; charset=utf-8', 'success']);
    expect(await paymentRow(t, checkout.payment_id)).toMatchObject({ state: 'succeeded', gatewayTradeNo: notice.trade_no });
    expect(await orderRow(order.id)).toMatchObject({ state: 'completed', version: order.version + 1 });
    const keys = (await api.native.get('/api/game_key', { token: buyer.token })).json().game_keys;
    expect(keys).toEqual([expect.objectContaining({ delivery: expect.objectContaining({ state: 'delivered' }) })]);

    const replay = await deliver(notice);
    expect([replay.statusCode, replay.body]).toEqual([200, 'success']);
    expect((await orderRow(order.id)).version).toBe(order.version + 1);
    // TRADE_FINISHED later tells of the same money under a new notify id: on record, nothing more.
    expect((await deliver(tradeNotice(outTradeNo, { total_amount: '11.15', trade_status: 'TRADE_FINISHED' }))).body).toBe('success');
    expect((await notificationsOf(t, outTradeNo)).map((n) => [n.gateway, n.verified, n.outcome]).sort()).toEqual([['alipay', true, 'applied'], ['alipay', true, 'ignored']]);
  });

  it('refuses an altered field, another key, a weaker sign_type and another app (400), applying nothing', async () => {
    const { order, checkout, outTradeNo } = await alipayCheckout(1999);
    const genuine = tradeNotice(outTradeNo, { total_amount: '19.99' });
    expect((await deliver({ ...genuine, total_amount: '0.01' })).json()).toEqual({ errors: { sign: ['invalid'] } });
    expect((await deliver(tradeNotice(outTradeNo, { total_amount: '19.99' }, appKeys.privateKey))).json()).toEqual({ errors: { sign: ['invalid'] } });
    expect((await deliver({ ...genuine, sign_type: 'RSA' })).json()).toEqual({ errors: { sign_type: ['invalid'] } });
    const unsigned: Record<string, string> = { ...genuine };
    delete unsigned.sign;
    expect((await deliver(unsigned)).json()).toEqual({ errors: { sign: ['invalid'] } });
    expect((await deliver(tradeNotice(outTradeNo, { total_amount: '19.99', app_id: '2021999999999999' }))).json()).toEqual({ errors: { app_id: ['invalid'] } });
    expect((await deliver(tradeNotice(outTradeNo, { total_amount: '19.999' }))).json()).toEqual({ errors: { total_amount: ['invalid'] } });
    expect((await paymentRow(t, checkout.payment_id)).state).toBe('created');
    expect((await orderRow(order.id)).state).toBe('pending');

    // The genuine one still applies: nothing refused took its notify id.
    expect((await deliver(genuine)).body).toBe('success');
    expect((await orderRow(order.id)).state).toBe('completed');
  });

  it('refuses a genuine notification for another amount and flags it for staff, with an error in the log', async () => {
    const { order, checkout, outTradeNo } = await alipayCheckout(1999);
    const logged = vi.spyOn(t.deps.log, 'error');
    try {
      const cheap = tradeNotice(outTradeNo, { total_amount: '0.01' });
      const res = await deliver(cheap);
      expect([res.statusCode, res.json()]).toEqual([400, { errors: { amount: ['mismatch'] } }]);
      expect(await notificationsOf(t, outTradeNo)).toEqual([
        expect.objectContaining({ notifyId: cheap.notify_id, verified: true, outcome: 'refused', flagReason: 'amount_mismatch', flaggedAt: expect.any(Date) }),
      ]);
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ gateway: 'alipay', flagReason: 'amount_mismatch', expected: { amount: 1999 } }), expect.stringContaining('flagged'));
    } finally {
      logged.mockRestore();
    }
    expect((await paymentRow(t, checkout.payment_id)).state).toBe('created');
    expect((await orderRow(order.id)).state).toBe('pending');
  });

  it('marks the attempt failed on TRADE_CLOSED and changes nothing on WAIT_BUYER_PAY', async () => {
    const { order, checkout, outTradeNo } = await alipayCheckout(500);
    expect((await deliver(tradeNotice(outTradeNo, { total_amount: '5.00', trade_status: 'WAIT_BUYER_PAY' }))).body).toBe('success');
    expect((await paymentRow(t, checkout.payment_id)).state).toBe('created');
    expect((await deliver(tradeNotice(outTradeNo, { total_amount: '5.00', trade_status: 'TRADE_CLOSED' }))).body).toBe('success');
    expect(await paymentRow(t, checkout.payment_id)).toMatchObject({ state: 'failed', failureReason: 'gateway_failed' });
    expect((await orderRow(order.id)).state).toBe('pending');
  });
});

describe('refunds through Alipay', () => {
  it('gives money for a canceled order back with alipay.trade.refund, our refund number as out_request_no', async () => {
    const { buyer, order, checkout, outTradeNo } = await alipayCheckout(2345);
    await api.native.post(`/api/orders/${order.id}/cancel`, undefined, { token: buyer.token });
    const notice = tradeNotice(outTradeNo, { total_amount: '23.45' });
    expect((await deliver(notice)).body).toBe('success');
    const [refund] = await t.deps.db.select().from(refunds).where(eq(refunds.paymentId, checkout.payment_id));
    expect(refund).toMatchObject({ state: 'succeeded', reason: 'order_canceled', amount: 2345, gatewayRefundNo: `${notice.trade_no}:LTR${refund!.id}` });
    const sent = stub.requests.at(-1)!;
    expect(new URL(sent.url, 'http://stub').searchParams.get('method')).toBe('alipay.trade.refund');
    expect(JSON.parse(sent.form.biz_content!)).toEqual({ out_trade_no: outTradeNo, trade_no: notice.trade_no, refund_amount: '23.45', refund_reason: 'order_canceled', out_request_no: `LTR${refund!.id}` });
  });

  it('keeps a refund pending when the answer is not signed by Alipay', async () => {
    const { buyer, order, checkout, outTradeNo } = await alipayCheckout(700);
    await api.native.post(`/api/orders/${order.id}/cancel`, undefined, { token: buyer.token });
    forgeAnswers = true;
    try {
      expect((await deliver(tradeNotice(outTradeNo, { total_amount: '7.00' }))).body).toBe('success');
    } finally {
      forgeAnswers = false;
    }
    const [refund] = await t.deps.db.select().from(refunds).where(eq(refunds.paymentId, checkout.payment_id));
    expect(refund).toMatchObject({ state: 'pending', gatewayRefundNo: null });
  });
});
