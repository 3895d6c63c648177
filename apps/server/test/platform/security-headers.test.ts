import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, HOSTS, PRODUCTION_ENV, type TestApp } from '../support/harness.ts';
import { clients } from '../support/client.ts';
import { PASSWORD, nextIp, signUpByEmail } from '../support/factories.ts';
import { makeContent, makeSku } from '../support/catalog-factories.ts';

/** A built index.html with an inline script of its own, as the web build's first-page preloads are. */
const TEMPLATE = '<!doctype html><html lang="en"><head><!--lantern-site--><script>window.__PRELOADS__=1</script></head>'
  + '<body><div id="root"><!--lantern-first-screen--></div><script type="module" crossorigin src="/assets/app.js"></script></body></html>';

let dist: string;
let t: TestApp;
let prod: TestApp;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'lantern-web-csp-'));
  writeFileSync(join(dist, 'index.html'), TEMPLATE);
  t = await createTestApp({ webDist: dist });
  prod = await createTestApp({ webDist: dist, env: PRODUCTION_ENV });
});
afterAll(async () => {
  await Promise.all([t.close(), prod.close()]);
  rmSync(dist, { recursive: true, force: true });
});

const get = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url, headers: { host: HOSTS.native } });
const directives = (csp: string | undefined) => new Map((csp ?? '').split(';').map((d) => d.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values]));
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
/** The executable inline scripts of a page (not JSON data, not external files). */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attrs]) => !/src=|application\/json/.test(attrs!)).map(([, , body]) => body!);

describe('security headers', () => {
  it('puts a policy that forbids framing, nosniff and a referrer policy on API answers; HSTS only in production', async () => {
    for (const app of [t, prod]) {
      const res = await get(app, '/api/v1/fetch_region');
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
    expect((await get(t, '/api/v1/fetch_region')).headers['strict-transport-security']).toBeUndefined();
    expect((await get(prod, '/api/v1/fetch_region')).headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  it("allows on a page exactly its own inline scripts, by hash: no 'unsafe-inline' script", async () => {
    const sku = await makeSku(t);
    await makeContent(t, { kind: 'banner', imageSeed: 'csp-banner', relations: [{ targetType: 'sku', targetId: sku.id }] });
    for (const url of ['/', '/sku/1', '/user_center']) {
      const res = await get(t, url);
      const scriptSrc = directives(res.headers['content-security-policy'] as string).get('script-src')!;
      expect(scriptSrc, url).not.toContain("'unsafe-inline'");
      const scripts = inlineScripts(res.body);
      expect(scripts.length, url).toBe(2);
      expect(scriptSrc.filter((s) => s.startsWith("'sha256-")).sort(), url).toEqual(scripts.map(sha256).sort());
    }
    // The home's first-screen data rides as JSON, which never runs, so it needs no hash.
    expect((await get(t, '/')).body).toContain('<script type="application/json" id="lantern-home">');
  });

  it("lets the web's forms go to this site and the gateways' checkouts only", async () => {
    const formAction = directives((await get(t, '/')).headers['content-security-policy'] as string).get('form-action');
    expect(formAction).toEqual(["'self'", 'https://*.alipay.com', 'https://checkout.stripe.com']);
  });

  it("keeps the sandbox checkout's own stricter policy (no script, posts only to itself)", async () => {
    const res = await get(t, '/sandbox/pay/LT0000?sign=forged');
    expect(res.statusCode).toBe(400);
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('answers that carry secrets', () => {
  it('are Cache-Control: no-store: session tokens, the development outbox', async () => {
    const api = clients(t);
    const user = await signUpByEmail(t, api.native);
    const session = await api.native.post('/api/access_token', { access_token: { login: user.email, password: PASSWORD } }, { ip: nextIp() });
    expect(session.statusCode).toBe(201);
    expect(session.headers['cache-control']).toBe('no-store');
    const outbox = await get(t, `/__dev/outbox?to=${encodeURIComponent(user.email)}`);
    expect(outbox.statusCode).toBe(200);
    expect(outbox.headers['cache-control']).toBe('no-store');
  });

  it('are no-store even when refused', async () => {
    const res = await clients(t).native.post('/api/access_token', { access_token: { login: 'nobody@example.com', password: 'wrong' } }, { ip: nextIp() });
    expect(res.statusCode).toBe(422);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
