import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const SECRET = 'a-production-secret-of-at-least-32-chars';
const PRODUCTION = { APP_SECRET: SECRET, PAYMENT_GATEWAY: 'sandbox' };

describe('loadConfig', () => {
  it('is production when NODE_ENV is not set: no dev surface, Secure prefixed cookies, no demo data', () => {
    expect(() => loadConfig({})).toThrow(/APP_SECRET/);
    const config = loadConfig(PRODUCTION);
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
    expect(config.PAYMENT_GATEWAY).toBeUndefined();
    expect(config.GEOIP_RANGES).toBe('');
  });

  it('seeds demo data in production only on an explicit SEED_DEMO=always, and never with never', () => {
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: 'auto' }).seedDemo).toBe(false);
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: 'always' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'never' }).seedDemo).toBe(false);
  });

  it('refuses to start production without a secret of its own', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox' })).toThrow(/APP_SECRET/);
  });

  it('refuses to start production without a named payment gateway, since the sandbox takes no real money', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: SECRET })).toThrow(/PAYMENT_GATEWAY/);
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: SECRET, PAYMENT_GATEWAY: 'sandbox' }).devSurface).toBe(false);
  });

  it('trusts no proxy unless TRUSTED_PROXIES names addresses or CIDR ranges', () => {
    expect(loadConfig(PRODUCTION).trustedProxies).toEqual([]);
    expect(loadConfig({ ...PRODUCTION, TRUSTED_PROXIES: '10.0.0.1, 172.16.0.0/12,::1' }).trustedProxies).toEqual(['10.0.0.1', '172.16.0.0/12', '::1']);
    expect(() => loadConfig({ ...PRODUCTION, TRUSTED_PROXIES: 'loadbalancer' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => loadConfig({ ...PRODUCTION, TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/TRUSTED_PROXIES/);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ NODE_ENV: 'development', PORT_NATIVE: 'eighty' })).toThrow(/PORT_NATIVE/);
    expect(() => loadConfig({ NODE_ENV: 'development', SITE_HOSTS: 'shop.example=moon' })).toThrow(/SITE_HOSTS/);
    expect(() => loadConfig({ NODE_ENV: 'development', FORM_ACTION_ORIGINS: 'http://pay.example' })).toThrow(/FORM_ACTION_ORIGINS/);
  });
});
