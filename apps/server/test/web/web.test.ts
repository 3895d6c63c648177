import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, HOSTS, type TestApp } from '../support/harness.ts';
import { makeContent, makeSku } from '../support/catalog-factories.ts';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'lantern-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="en"><head><!--lantern-site--></head><body><div id="root"><!--lantern-first-screen--></div></body></html>');
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
    for (const url of ['/', '/sign_up', '/search?keyword=x', '/setting/security/auth']) {
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

  it("carries the store home's first screen on / and /home: the home's data inline, its first banner preloaded and painted", async () => {
    const sku = await makeSku(t);
    const banner = await makeContent(t, { kind: 'banner', imageSeed: 'first-screen', relations: [{ targetType: 'sku', targetId: sku.id }] });
    const api = (await get('/api/v7/home')).json();
    for (const url of ['/', '/home', '/?client=web']) {
      const page = (await get(url)).body;
      const inline = page.match(/<script type="application\/json" id="lantern-home">(.*?)<\/script>/s)?.[1];
      expect(inline, url).toBeDefined();
      expect(JSON.parse(inline!)).toEqual(api);
      expect(page).toContain('"data":"home"');
      expect(page).toContain('<link rel="preload" as="image" href="/media/covers/first-screen.svg?shape=banner" fetchpriority="high">');
      expect(page).toMatch(/<div id="root"><main [^>]*aria-hidden="true"[^>]*>.*<img src="\/media\/covers\/first-screen\.svg\?shape=banner"/s);
    }
    expect(api.banners.map((b: { id: number }) => b.id)).toEqual([banner.id]);
    // Other pages stay the plain shell: no data, no preload.
    const other = (await get('/community')).body;
    expect(other).not.toContain('lantern-home');
    expect(other).not.toContain('"data":"home"');
    expect(other).not.toContain('rel="preload"');
    // Gzipped to a client that accepts it, the same page.
    const zipped = await t.app.inject({ method: 'GET', url: '/', headers: { host: HOSTS.native, 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe((await get('/')).body);
  });

  it('keeps the inline data inert: a title cannot close the script element', async () => {
    const sku = await makeSku(t, { name: { en: '</script><script>alert(1)</script>', chs: '<!--' } });
    await makeContent(t, { kind: 'banner', imageSeed: 'inert', relations: [{ targetType: 'sku', targetId: sku.id }] });
    const page = (await get('/')).body;
    const inline = page.match(/<script type="application\/json" id="lantern-home">(.*?)<\/script>/s)?.[1] ?? '';
    expect(inline).not.toContain('<');
    expect(JSON.stringify(JSON.parse(inline))).toContain('</script><script>alert(1)</script>');
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
