import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const SECRET = 'a-production-secret-of-at-least-32-chars';

describe('loadConfig', () => {
  it('gives development the sandboxes and defaults it needs to run with nothing set', () => {
    const config = loadConfig({});
    expect(config.NODE_ENV).toBe('development');
    expect(config.devSurface).toBe(true);
    expect(config.PAYMENT_GATEWAY).toBeUndefined();
    expect(config.GEOIP_RANGES).toBe('');
  });

  it('refuses to start production without a secret of its own', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox' })).toThrow(/APP_SECRET/);
  });

  it('refuses to start production without a named payment gateway, since the sandbox takes no real money', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: SECRET })).toThrow(/PAYMENT_GATEWAY/);
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: SECRET, PAYMENT_GATEWAY: 'sandbox' }).devSurface).toBe(false);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT_NATIVE: 'eighty' })).toThrow(/PORT_NATIVE/);
    expect(() => loadConfig({ SITE_HOSTS: 'shop.example=moon' })).toThrow(/SITE_HOSTS/);
  });
});
