import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, HOSTS, PRODUCTION_ENV, type TestApp } from '../support/harness.ts';
import { clients, type SiteClient } from '../support/client.ts';
import { PASSWORD, nextIp, signUpByEmail } from '../support/factories.ts';

let t: TestApp;
let api: ReturnType<typeof clients>;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'lantern-web-prod-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="en"><head><!--lantern-site--></head><body><div id="root"></div></body></html>');
  t = await createTestApp({ webDist: dist, env: PRODUCTION_ENV, recordMessages: true });
  api = clients(t);
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

interface Cookie {
  name: string;
  value: string;
  path?: string;
  secure?: boolean;
  httpOnly?: boolean;
}
const cookieNamed = (res: LightMyRequestResponse, name: string) => (res.cookies as Cookie[]).find((c) => c.name === name);

const webSignIn = (client: SiteClient, login: string) =>
  client.post('/api/access_token', { access_token: { login, password: PASSWORD } }, { query: { client: 'web' }, ip: nextIp() });

describe('production', () => {
  it('has no development surface and no API explorer', async () => {
    for (const url of ['/__dev/outbox', '/__dev/captcha/abc', '/api/docs', '/api/docs/json']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: HOSTS.native } });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('sets Secure cookies under the __Host- prefix (__Secure- for the refresh cookie, whose path is narrower)', async () => {
    const user = await signUpByEmail(t, api.native);
    const res = await webSignIn(api.native, user.email);
    expect(res.statusCode).toBe(201);
    expect(cookieNamed(res, '__Host-lantern_native_at')).toMatchObject({ secure: true, httpOnly: true, path: '/' });
    expect(cookieNamed(res, '__Secure-lantern_native_rt')).toMatchObject({ secure: true, httpOnly: true, path: '/api/access_token' });
    expect(cookieNamed(res, '__Host-lantern_native_session')).toMatchObject({ secure: true, path: '/' });
    expect(cookieNamed(res, '__Host-lantern_csrf')).toMatchObject({ secure: true, path: '/' });
    expect(cookieNamed(res, '__Host-lantern_csrf')!.httpOnly, 'the web reads it').toBeFalsy();
    expect(cookieNamed(res, 'lantern_native_at')).toBeUndefined();
    expect(cookieNamed(res, 'lantern_csrf')).toBeUndefined();

    const page = await t.app.inject({ method: 'GET', url: '/', headers: { host: HOSTS.native } });
    expect(cookieNamed(page, '__Host-lantern_csrf')).toMatchObject({ secure: true, path: '/' });
  });

  it('reads the session and the CSRF cookie only under their prefixed names', async () => {
    const user = await signUpByEmail(t, api.native);
    const res = await webSignIn(api.native, user.email);
    const at = cookieNamed(res, '__Host-lantern_native_at')!.value;
    const csrf = cookieNamed(res, '__Host-lantern_csrf')!.value;

    const me = await api.native.get('/api/me', { query: { client: 'web' }, cookies: { '__Host-lantern_native_at': at } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id });
    // The same token under the bare name (which any sibling subdomain could set) is not a session.
    expect((await api.native.get('/api/me', { query: { client: 'web' }, cookies: { lantern_native_at: at } })).statusCode).toBe(401);

    const write = (cookies: Record<string, string>) =>
      api.native.call('POST', '/api/me/clock_in', {}, { query: { client: 'web' }, cookies, headers: { 'x-csrf-token': csrf } });
    // A planted bare CSRF cookie beside the real session does not satisfy the double submit.
    expect((await write({ '__Host-lantern_native_at': at, lantern_csrf: csrf })).json()).toEqual({ errors: { base: ['csrf_invalid'] } });
    expect((await write({ '__Host-lantern_native_at': at, '__Host-lantern_csrf': csrf })).statusCode).toBe(201);
  });

  it('refreshes and signs out the web session by the __Secure- refresh cookie', async () => {
    const user = await signUpByEmail(t, api.native);
    const res = await webSignIn(api.native, user.email);
    const rt = cookieNamed(res, '__Secure-lantern_native_rt')!.value;
    const csrf = cookieNamed(res, '__Host-lantern_csrf')!.value;
    const cookies = { '__Secure-lantern_native_rt': rt, '__Host-lantern_csrf': csrf };
    const refreshed = await api.native.call('PATCH', '/api/access_token', undefined, { query: { client: 'web' }, cookies, headers: { 'x-csrf-token': csrf } });
    expect(refreshed.statusCode).toBe(200);
    const newRt = cookieNamed(refreshed, '__Secure-lantern_native_rt')!.value;
    const out = await api.native.call('DELETE', '/api/access_token', undefined, {
      query: { client: 'web' },
      cookies: { '__Secure-lantern_native_rt': newRt, '__Host-lantern_csrf': csrf },
      headers: { 'x-csrf-token': csrf },
    });
    expect(out.statusCode).toBe(204);
    expect(cookieNamed(out, '__Host-lantern_native_at')).toMatchObject({ value: '', secure: true });
  });
});
