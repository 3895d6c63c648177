import { describe, expect, it } from 'vitest';
import { HOSTS } from '../support/harness.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

const nativeSite = { area: 'native', currency: 'CNY', language: 'zh-CN', url: 'http://localhost:3000' };
const abroadSite = { area: 'abroad', currency: 'USD', language: 'en', url: 'http://localhost:3001' };

describe('GET /api/v1/fetch_region', () => {
  it('answers the mainland site on its host, with the other site beside it', async () => {
    const res = await api.native.get('/api/v1/fetch_region');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ region: 'cn', area: 'native', currency: 'CNY', language: 'zh-CN', site: nativeSite, other_site: abroadSite });
  });

  it('answers the international site on its host', async () => {
    const res = await api.abroad.get('/api/v1/fetch_region');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ region: 'global', area: 'abroad', currency: 'USD', language: 'en', site: abroadSite, other_site: nativeSite });
  });

  it('picks the site by the port in the Host header when the host is not mapped', async () => {
    const abroad = await t.app.inject({ method: 'GET', url: '/api/v1/fetch_region', headers: { host: 'localhost:3001' } });
    expect(abroad.json()).toMatchObject({ area: 'abroad', currency: 'USD', region: 'global' });
    const native = await t.app.inject({ method: 'GET', url: '/api/v1/fetch_region', headers: { host: 'localhost:3000' } });
    expect(native.json()).toMatchObject({ area: 'native', currency: 'CNY', region: 'cn' });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/fetch_region', headers: { host: 'elsewhere.example' } });
    expect(unknown.json()).toMatchObject({ area: 'native' });
  });

  it('matches the mapped host names whatever their case and port', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/fetch_region', headers: { host: `${HOSTS.abroad.toUpperCase()}:8443` } });
    expect(res.json()).toMatchObject({ area: 'abroad' });
  });

  it('echoes a known region and treats an unknown or blank one as cn', async () => {
    expect((await api.native.get('/api/v1/fetch_region', { query: { region: 'hk' } })).json().region).toBe('hk');
    expect((await api.native.get('/api/v1/fetch_region', { query: { region: 'HK' } })).json().region).toBe('hk');
    expect((await api.abroad.get('/api/v1/fetch_region', { query: { region: 'global' } })).json().region).toBe('global');
    const unknown = await api.abroad.get('/api/v1/fetch_region', { query: { region: 'atlantis' } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ region: 'cn', area: 'abroad' });
    expect((await api.native.get('/api/v1/fetch_region', { query: { region: 'zz' } })).json().region).toBe('cn');
  });

  it('refuses an over-long region parameter as a client error', async () => {
    const res = await api.native.get('/api/v1/fetch_region', { query: { region: 'x'.repeat(17) } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { region: ['too_long'] } });
  });

  it('accepts the .json suffix', async () => {
    const res = await api.abroad.get('/api/v1/fetch_region.json');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ area: 'abroad', region: 'global' });
    const withQuery = await api.native.get('/api/v1/fetch_region.json', { query: { region: 'hk' } });
    expect(withQuery.json()).toMatchObject({ area: 'native', region: 'hk' });
  });

  it('accepts the client and version parameters and a versioned Accept header', async () => {
    for (const client of ['web', 'pc', 'promotion']) {
      const res = await api.native.get('/api/v1/fetch_region', { query: { client, version: '7' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().area).toBe('native');
    }
    const res = await api.abroad.get('/api/v1/fetch_region', { headers: { accept: 'application/vnd.lantern.v7+json' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.json().area).toBe('abroad');
  });
});

describe('GET /api/v7/fetch_by_region', () => {
  it('lists both sites and says which one answered', async () => {
    const native = await api.native.get('/api/v7/fetch_by_region');
    expect(native.statusCode).toBe(200);
    expect(native.json()).toEqual({ region: 'cn', area: 'native', sites: [nativeSite, abroadSite] });
    const abroad = await api.abroad.get('/api/v7/fetch_by_region');
    expect(abroad.json()).toEqual({ region: 'global', area: 'abroad', sites: [nativeSite, abroadSite] });
  });

  it('resolves the region parameter like fetch_region', async () => {
    expect((await api.native.get('/api/v7/fetch_by_region', { query: { region: 'hk' } })).json().region).toBe('hk');
    expect((await api.abroad.get('/api/v7/fetch_by_region', { query: { region: 'nowhere' } })).json().region).toBe('cn');
  });

  it('accepts .json, a plain port host, client/version and the v7 Accept header', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v7/fetch_by_region.json?client=web&version=7',
      headers: { host: 'localhost:3001', accept: 'application/vnd.lantern.v7+json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ area: 'abroad', region: 'global' });
  });
});
