import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const SECRET = 'a-production-secret-of-at-least-32-chars';
const pem = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
const STRIPE = { STRIPE_SECRET_KEY: 'sk_live_lantern', STRIPE_WEBHOOK_SECRET: 'whsec_lantern' };
const ALIPAY = { ALIPAY_APP_ID: '2021000000000001', ALIPAY_PRIVATE_KEY: pem.privateKey, ALIPAY_PUBLIC_KEY: pem.publicKey };
const PRODUCTION = { NODE_ENV: 'production', APP_SECRET: SECRET };
/** Production with nothing but a secret and the staging permission to take sandbox "payments". */
const STAGING = { APP_SECRET: SECRET, ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'staging' };

describe('loadConfig', () => {
  it('is production when NODE_ENV is not set: no dev surface, Secure prefixed cookies, no demo data', () => {
    expect(() => loadConfig({})).toThrow(/APP_SECRET/);
    const config = loadConfig(STAGING);
    expect(config.NODE_ENV).toBe('production');
    expect(config.devSurface).toBe(false);
    expect(config.secureCookies).toBe(true);
    expect(config.seedDemo).toBe(false);
  });

  it('gives development the sandboxes and defaults it needs to run when asked for by name', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.devSurface).toBe(true);
    expect(config.secureCookies).toBe(false);
    expect(config.seedDemo).toBe(true);
    expect(config.payments).toEqual({ stripe: null, alipay: null, sandbox: 'allowed' });
    expect(config.GEOIP_RANGES).toBe('');
  });

  it('seeds demo data in production only on an explicit SEED_DEMO=always, and never with never', () => {
    expect(loadConfig({ ...STAGING, SEED_DEMO: 'auto' }).seedDemo).toBe(false);
    expect(loadConfig({ ...STAGING, SEED_DEMO: 'always' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'never' }).seedDemo).toBe(false);
  });

  it('refuses to start production without a secret of its own', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...STRIPE, ...ALIPAY })).toThrow(/APP_SECRET/);
  });

  it('trusts no proxy unless TRUSTED_PROXIES names addresses or CIDR ranges', () => {
    expect(loadConfig(STAGING).trustedProxies).toEqual([]);
    expect(loadConfig({ ...STAGING, TRUSTED_PROXIES: '10.0.0.1, 172.16.0.0/12,::1' }).trustedProxies).toEqual(['10.0.0.1', '172.16.0.0/12', '::1']);
    expect(() => loadConfig({ ...STAGING, TRUSTED_PROXIES: 'loadbalancer' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => loadConfig({ ...STAGING, TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/TRUSTED_PROXIES/);
  });

  it('keeps this store\'s Redis keys and channels under REDIS_PREFIX, lantern: unless told', () => {
    expect(loadConfig(STAGING).REDIS_PREFIX).toBe('lantern:');
    expect(loadConfig({ ...STAGING, REDIS_PREFIX: 'lantern-staging:' }).REDIS_PREFIX).toBe('lantern-staging:');
    expect(() => loadConfig({ ...STAGING, REDIS_PREFIX: 'two words' })).toThrow(/REDIS_PREFIX/);
    expect(() => loadConfig({ ...STAGING, REDIS_PREFIX: 'x'.repeat(65) })).toThrow(/REDIS_PREFIX/);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ NODE_ENV: 'development', PORT_NATIVE: 'eighty' })).toThrow(/PORT_NATIVE/);
    expect(() => loadConfig({ NODE_ENV: 'development', SITE_HOSTS: 'shop.example=moon' })).toThrow(/SITE_HOSTS/);
    expect(() => loadConfig({ NODE_ENV: 'development', FORM_ACTION_ORIGINS: 'http://pay.example' })).toThrow(/FORM_ACTION_ORIGINS/);
  });
});

describe('payment settings', () => {
  it('configures a provider by all of its settings, refusing half of them', () => {
    const dev = { NODE_ENV: 'development' };
    const config = loadConfig({ ...dev, ...STRIPE, ...ALIPAY });
    expect(config.payments.stripe).toEqual({ secretKey: 'sk_live_lantern', webhookSecret: 'whsec_lantern', apiBase: undefined });
    expect(config.payments.alipay).toMatchObject({ appId: ALIPAY.ALIPAY_APP_ID, privateKey: pem.privateKey, alipayPublicKey: pem.publicKey });
    expect(() => loadConfig({ ...dev, STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...dev, ALIPAY_APP_ID: '2021', ALIPAY_PUBLIC_KEY: pem.publicKey })).toThrow(/ALIPAY_PRIVATE_KEY: required with ALIPAY_APP_ID, ALIPAY_PUBLIC_KEY/);
    expect(() => loadConfig({ ...dev, ...STRIPE, STRIPE_SECRET_KEY: 'pk_live_publishable' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...dev, ...STRIPE, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
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

  it("refuses the test stubs' addresses on a live production server", () => {
    expect(() => loadConfig({ ...PRODUCTION, ...STRIPE, ...ALIPAY, STRIPE_API_BASE: 'http://127.0.0.1:4010' })).toThrow(/STRIPE_API_BASE: for tests only/);
    expect(() => loadConfig({ ...PRODUCTION, ...STRIPE, ...ALIPAY, ALIPAY_GATEWAY: 'http://127.0.0.1:4011/gateway.do' })).toThrow(/ALIPAY_GATEWAY: for tests only/);
    expect(() => loadConfig({ ...STAGING, ...STRIPE, STRIPE_API_BASE: 'http://127.0.0.1:4010' })).toThrow(/STRIPE_API_BASE: for tests only/);
  });
});

describe('storage settings', () => {
  it('keeps uploads on local disk by default: beside the data, or in a temporary folder for an in-memory database', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.storage.kind).toBe('local');
    expect(config.storage.kind === 'local' && config.storage.dir).toMatch(/data\/uploads$/);
    const memory = loadConfig({ NODE_ENV: 'test', PGLITE_DIR: 'memory://' });
    expect(memory.storage).toMatchObject({ kind: 'local', dir: expect.stringMatching(/lantern-uploads-/), temporary: true });
    expect(loadConfig({ NODE_ENV: 'test', STORAGE_DIR: '/srv/uploads' }).storage).toEqual({ kind: 'local', dir: '/srv/uploads', temporary: false });
  });

  it('selects an S3-compatible bucket by STORAGE=s3, wanting a bucket, both keys or none, and https in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ NODE_ENV: 'test', STORAGE: 's3', S3_BUCKET: 'lantern', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    const config = loadConfig({ NODE_ENV: 'test', STORAGE: 's3', S3_BUCKET: 'lantern', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' });
    expect(config.storage).toMatchObject({ kind: 's3', bucket: 'lantern', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true, credentials: { accessKeyId: 'id', secretAccessKey: 'secret' } });
    expect(() => loadConfig({ ...STAGING, STORAGE: 's3', S3_BUCKET: 'lantern', S3_ENDPOINT: 'http://minio.internal:9000' })).toThrow(/S3_ENDPOINT: must be https/);
    expect(loadConfig({ ...STAGING, STORAGE: 's3', S3_BUCKET: 'lantern' }).storage).toMatchObject({ kind: 's3', credentials: undefined, forcePathStyle: false });
    expect(() => loadConfig({ NODE_ENV: 'test', STORAGE: 's3', S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
  });
});

describe('storage and the page policy', () => {
  it('lets pages show images from the bucket\'s public address, and only then', async () => {
    const { pagePolicy } = await import('./platform/security-headers.ts');
    const cdn = loadConfig({ NODE_ENV: 'test', STORAGE: 's3', S3_BUCKET: 'lantern', S3_PUBLIC_URL: 'https://img.example.com/lantern' });
    expect(pagePolicy(cdn, [])).toContain("img-src 'self' data: blob: https://img.example.com;");
    expect(pagePolicy(loadConfig({ NODE_ENV: 'test' }), [])).toContain("img-src 'self' data: blob:;");
  });
});
