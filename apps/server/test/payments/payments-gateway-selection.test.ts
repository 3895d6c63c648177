import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { loadConfig } from '../../src/config.ts';
import { compose } from '../../src/platform/compose.ts';
import { createTestApp, HOSTS, type TestApp } from '../support/harness.ts';
import { clients } from '../support/client.ts';
import { buyGame } from '../support/payments-factories.ts';

const keys = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
const PRODUCTION = { NODE_ENV: 'production', APP_SECRET: 'a-production-secret-of-at-least-32-chars', PGLITE_DIR: 'memory://', LOG_LEVEL: 'silent' };
const PROVIDERS = {
  STRIPE_SECRET_KEY: 'sk_live_lantern', STRIPE_WEBHOOK_SECRET: 'whsec_lantern',
  ALIPAY_APP_ID: '2021000000000001', ALIPAY_PRIVATE_KEY: keys.privateKey, ALIPAY_PUBLIC_KEY: keys.publicKey,
};

/** Starts the platform as main.ts does, keeping what it logs. */
async function start(env: Record<string, string>) {
  const lines: Array<{ level: number; msg: string }> = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const composed = await compose(loadConfig(env), { log });
  return { composed, lines };
}

describe('starting a production server', () => {
  it('with ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=staging runs the sandbox and says so loudly', async () => {
    const { composed, lines } = await start({ ...PRODUCTION, ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'staging' });
    try {
      expect(composed.deps.paymentGateways.sandbox).not.toBeNull();
      expect(composed.deps.paymentGateways.gatewayFor('native', 'alipay')?.name).toBe('sandbox');
      expect(lines).toContainEqual(expect.objectContaining({ level: 40, msg: expect.stringContaining('SANDBOX PAYMENTS ARE ON IN PRODUCTION'), sitesWithoutProvider: ['native', 'abroad'] }));
    } finally {
      await composed.close();
    }
  });

  it('with both providers runs no sandbox: Alipay and Stripe take their methods, WeChat Pay and PayPal none', async () => {
    const { composed, lines } = await start({ ...PRODUCTION, ...PROVIDERS });
    try {
      const gateways = composed.deps.paymentGateways;
      expect(gateways.sandbox).toBeNull();
      expect([gateways.gatewayFor('native', 'alipay')?.name, gateways.gatewayFor('abroad', 'card')?.name]).toEqual(['alipay', 'stripe']);
      expect([gateways.gatewayFor('native', 'wechat'), gateways.gatewayFor('abroad', 'paypal')]).toEqual([null, null]);
      expect([gateways.byName('alipay')?.name, gateways.byName('stripe')?.name, gateways.byName('sandbox')]).toEqual(['alipay', 'stripe', null]);
      // No payment warning; only the outside parties that still have no real adapter are named.
      expect(lines.filter((l) => l.level >= 40).map((l) => l.msg)).toEqual([expect.stringMatching(/^production is running with sandboxes for: SMS .*identity verification/)]);
    } finally {
      await composed.close();
    }
  });

  it('refuses a key that is not an RSA key, naming its variable', async () => {
    await expect(start({ ...PRODUCTION, ...PROVIDERS, ALIPAY_PRIVATE_KEY: 'bm90IGEga2V5' })).rejects.toThrow(/ALIPAY_PRIVATE_KEY: not an RSA private key/);
  });
});

describe('a production server with both providers', () => {
  let t: TestApp;
  let api: ReturnType<typeof clients>;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', APP_SECRET: PRODUCTION.APP_SECRET, ...PROVIDERS } });
    api = clients(t);
  });
  afterAll(() => t.close());

  it('lists WeChat Pay and PayPal as unavailable (method_unavailable) and refuses to pay with them', async () => {
    const native = await buyGame(t, api, { area: 'native' });
    const listed = (await api.native.get(`/api/orders/${native.order.id}/payments`, { token: native.buyer.token })).json();
    expect(listed.payment_methods.slice(0, 2)).toEqual([
      { method: 'alipay', available: true, reason: null }, { method: 'wechat', available: false, reason: 'method_unavailable' },
    ]);
    const wechat = await api.native.patch(`/api/orders/${native.order.id}/pay`, { payment_method: 'wechat', version: native.order.version }, { token: native.buyer.token });
    expect([wechat.statusCode, wechat.json()]).toEqual([422, { errors: { payment_method: ['method_unavailable'] } }]);

    const abroad = await buyGame(t, api, { area: 'abroad' });
    const abroadListed = (await api.abroad.get(`/api/orders/${abroad.order.id}/payments`, { token: abroad.buyer.token })).json();
    expect(abroadListed.payment_methods.slice(0, 2)).toEqual([
      { method: 'paypal', available: false, reason: 'method_unavailable' }, { method: 'card', available: true, reason: null },
    ]);
  });

  it('serves no sandbox pages and takes no sandbox notifications', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/pay/LTANY', headers: { host: HOSTS.native } });
    expect(page.statusCode).toBe(404);
    const notice = await t.app.inject({ method: 'POST', url: '/api/payments/notify/sandbox', headers: { host: HOSTS.native, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'notify_id=1&sign=x' });
    expect(notice.statusCode).toBe(404);
  });
});
