import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const SECRET = 'a-production-secret-of-at-least-32-chars';
const pem = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
const STRIPE = { STRIPE_SECRET_KEY: 'sk_live_lantern', STRIPE_WEBHOOK_SECRET: 'whsec_lantern' };
const ALIPAY = { ALIPAY_APP_ID: '2021000000000001', ALIPAY_PRIVATE_KEY: pem.privateKey, ALIPAY_PUBLIC_KEY: pem.publicKey };
const PRODUCTION = { NODE_ENV: 'production', APP_SECRET: SECRET };

describe('loadConfig', () => {
  it('gives development the sandboxes and defaults it needs to run with nothing set', () => {
    const config = loadConfig({});
    expect(config.NODE_ENV).toBe('development');
    expect(config.devSurface).toBe(true);
    expect(config.payments).toEqual({ stripe: null, alipay: null, sandbox: 'allowed' });
    expect(config.GEOIP_RANGES).toBe('');
  });

  it('refuses to start production without a secret of its own', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...STRIPE, ...ALIPAY })).toThrow(/APP_SECRET/);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT_NATIVE: 'eighty' })).toThrow(/PORT_NATIVE/);
    expect(() => loadConfig({ SITE_HOSTS: 'shop.example=moon' })).toThrow(/SITE_HOSTS/);
  });
});

describe('payment settings', () => {
  it('configures a provider by all of its settings, refusing half of them', () => {
    const config = loadConfig({ ...STRIPE, ...ALIPAY });
    expect(config.payments.stripe).toEqual({ secretKey: 'sk_live_lantern', webhookSecret: 'whsec_lantern', apiBase: undefined });
    expect(config.payments.alipay).toMatchObject({ appId: ALIPAY.ALIPAY_APP_ID, privateKey: pem.privateKey, alipayPublicKey: pem.publicKey });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ALIPAY_APP_ID: '2021', ALIPAY_PUBLIC_KEY: pem.publicKey })).toThrow(/ALIPAY_PRIVATE_KEY: required with ALIPAY_APP_ID, ALIPAY_PUBLIC_KEY/);
    expect(() => loadConfig({ ...STRIPE, STRIPE_SECRET_KEY: 'pk_live_publishable' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...STRIPE, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('refuses to start production while a site would take money through the sandbox', () => {
    expect(() => loadConfig(PRODUCTION)).toThrow(/mainland site: ALIPAY_APP_ID.*international site: STRIPE_SECRET_KEY/s);
    expect(() => loadConfig({ ...PRODUCTION, ...STRIPE })).toThrow(/mainland site/);
    expect(() => loadConfig({ ...PRODUCTION, ...ALIPAY })).toThrow(/international site/);
    const live = loadConfig({ ...PRODUCTION, ...STRIPE, ...ALIPAY });
    expect([live.devSurface, live.payments.sandbox]).toEqual([false, 'off']);
  });

  it('lets a staging server run on the sandbox in production only when it says so, PAYMENT_GATEWAY=sandbox still meaning the same', () => {
    expect(loadConfig({ ...PRODUCTION, ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'staging' }).payments.sandbox).toBe('staging');
    expect(loadConfig({ ...PRODUCTION, PAYMENT_GATEWAY: 'sandbox' }).payments.sandbox).toBe('staging');
    expect(() => loadConfig({ ...PRODUCTION, ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'yes' })).toThrow(/ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION/);
  });

  it('refuses the test stubs\' addresses on a live production server', () => {
    expect(() => loadConfig({ ...PRODUCTION, ...STRIPE, ...ALIPAY, STRIPE_API_BASE: 'http://127.0.0.1:4010' })).toThrow(/STRIPE_API_BASE: for tests only/);
    expect(() => loadConfig({ ...PRODUCTION, ...STRIPE, ...ALIPAY, ALIPAY_GATEWAY: 'http://127.0.0.1:4011/gateway.do' })).toThrow(/ALIPAY_GATEWAY: for tests only/);
  });
});
