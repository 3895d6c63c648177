import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, HOSTS, type TestApp } from './harness.ts';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'lantern-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="en"><head><!--lantern-site--></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log("app")');
  writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), gzipSync('console.log("app")'));
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, area: keyof typeof HOSTS = 'native') => t.app.inject({ method: 'GET', url, headers: { host: HOSTS[area] } });

describe('serving the web app', () => {
  it('serves the page at the root and at deep links, with the site injected', async () => {
    for (const url of ['/', '/sign_up', '/sku/12?x=1', '/setting/security/auth']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<html lang="zh-CN"');
      expect(res.body).toContain('window.__LANTERN__={"area":"native"');
    }
    const abroad = await get('/', 'abroad');
    expect(abroad.body).toContain('<html lang="en"');
    expect(abroad.body).toContain('"area":"abroad"');
  });

  it('serves the pre-compressed copy of an asset the build wrote, to a client that accepts it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { host: HOSTS.native, 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe('console.log("app")');
  });

  it('hands out the CSRF cookie with the page', async () => {
    const res = await get('/');
    expect(String(res.headers['set-cookie'])).toContain('lantern_csrf=');
  });

  it('serves built assets, and answers unknown API paths and files with a JSON 404', async () => {
    const asset = await get('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('console.log');
    for (const url of ['/api/nothing-here', '/assets/missing.js', '/__dev/nothing']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ errors: { base: ['not_found'] } });
    }
  });
});
