import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { NOTIFICATIONS_API } from '@lantern/contract';
import { HOSTS } from '../support/harness.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * Open redirects after Steam sign-in and binding (docs/product/security.md#same-origin-paths): whatever
 * `return_to` a page names, the browser is only ever sent to a path of this site.
 */
const { t, api } = useTestApp();

const NONCE_COOKIE = 'lantern_link_nonce';
let nextSteam = 4000;
const freshSteamId = () => `7656119${String(7_000_000_000 + (nextSteam += 7)).padStart(10, '0')}`;
const origin = () => t.deps.config.siteUrls.native;

const nonceOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === NONCE_COOKIE)!.value;

/** The sandbox's sign-in page posted by the browser: Steam's redirect back to the store with the assertion. */
async function throughSandbox(returnTo: string, steamId: string): Promise<URL> {
  const res = await t.app.inject({
    method: 'POST', url: '/sandbox/steam/openid/login', headers: { host: HOSTS.native, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ return_to: returnTo, realm: origin(), steam_id: steamId }).toString(),
  });
  expect(res.statusCode, res.body).toBe(302);
  return new URL(res.headers.location as string);
}

/** Where a browser ends after a whole binding that started with `return_to` (raw query text, as an attacker writes it). */
async function bindingLandsOn(rawReturnTo: string): Promise<string> {
  const user = await makeAccount(t);
  const start = await t.app.inject({ method: 'GET', url: `/api/openid/bind/new?return_to=${rawReturnTo}`, headers: { host: HOSTS.native, authorization: `Bearer ${user.token}` } });
  expect(start.statusCode, start.body).toBe(200);
  const back = await throughSandbox(new URL(start.json().url).searchParams.get('openid.return_to')!, freshSteamId());
  const res = await t.app.inject({
    method: 'GET', url: `${back.pathname}${back.search}`, headers: { host: HOSTS.native, authorization: `Bearer ${user.token}`, accept: 'text/html' },
    cookies: { [NONCE_COOKIE]: nonceOf(start) },
  });
  expect(res.statusCode, res.body).toBe(303);
  return res.headers.location as string;
}

/** Where a browser ends after signing in with Steam as `owner`'s SteamID, started with `return_to`. */
async function signInLandsOn(steamId: string, rawReturnTo: string): Promise<LightMyRequestResponse> {
  const start = await t.app.inject({ method: 'GET', url: `/api/openid/sign_in/new?return_to=${rawReturnTo}`, headers: { host: HOSTS.native } });
  expect(start.statusCode, start.body).toBe(200);
  const back = await throughSandbox(new URL(start.json().url).searchParams.get('openid.return_to')!, steamId);
  return t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { host: HOSTS.native, accept: 'text/html' }, cookies: { [NONCE_COOKIE]: nonceOf(start) } });
}

/** A Location header stays on this site: resolved against the site, the origin is the site's own. */
const staysHere = (location: string) => new URL(location, origin()).origin === origin() && !/[\t\n\r\\]/.test(location);

// Raw query text: `%09` reaches the server as a tab, `%255C` as `%5C`, and so on.
const HOSTILE = ['/%09/evil.example/x', '/%0A/evil.example', '/%0D%0A/evil.example', '%2F%2Fevil.example', '/%5Cevil.example',
  '/%255Cevil.example', '/%2509/evil.example', 'https://evil.example', 'javascript:alert(1)', '/%E2%80%A8/evil.example'];

describe('Steam binding: return_to', () => {
  it('keeps a path of this site', async () => {
    expect(await bindingLandsOn(encodeURIComponent('/users/5?tab=games'))).toBe('/users/5?tab=games&bound=steam');
  });

  it('sends every hostile spelling back to the settings page, never to another host', async () => {
    for (const raw of HOSTILE) {
      const location = await bindingLandsOn(raw);
      expect(location, raw).toBe('/setting/linked_accounts?bound=steam');
    }
  });
});

describe('Steam sign-in: return_to', () => {
  it('signs in and goes to a path of this site, or to / for anything else, with the session set', async () => {
    const owner = await makeAccount(t);
    const steamId = freshSteamId();
    // Bound the ordinary way first, so the sign-in below has an account to sign in.
    const start = await api.native.get('/api/openid/bind/new', { token: owner.token });
    const back = await throughSandbox(new URL(start.json().url).searchParams.get('openid.return_to')!, steamId);
    const bound = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { host: HOSTS.native, authorization: `Bearer ${owner.token}` }, cookies: { [NONCE_COOKIE]: nonceOf(start) } });
    expect(bound.statusCode, bound.body).toBe(200);

    const good = await signInLandsOn(steamId, encodeURIComponent('/third_party/login/success'));
    expect(good.headers.location).toBe('/third_party/login/success');
    for (const raw of HOSTILE) {
      const res = await signInLandsOn(steamId, raw);
      expect(res.statusCode, raw).toBe(303);
      expect(res.headers.location, raw).toBe('/');
      expect(staysHere(res.headers.location as string)).toBe(true);
      expect(res.cookies.some((c) => c.name === 'lantern_native_at')).toBe(true);
    }
  });
});

describe('a staff broadcast\'s link', () => {
  const post = (staff: { token: string }, href: unknown) =>
    api.native.post(NOTIFICATIONS_API.adminBroadcasts, { broadcast: { area: 'native', title: 'Sale', content: 'Now on.', href } }, { token: staff.token });

  it('is stored when it is a path of this site, and refused as href: invalid otherwise, storing nothing', async () => {
    const staff = await makeAccount(t, { role: 'staff' });
    const made = await post(staff, '/deals?tab=flash#top');
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().broadcast.href).toBe('/deals?tab=flash#top');

    const before = (await api.native.get(NOTIFICATIONS_API.service, { token: staff.token })).json().broadcasts.length;
    for (const href of ['//evil.example/x', '/\\evil.example', '/\t/evil.example', '/\n/evil.example', '/%09/evil.example', '/%5Cevil.example',
      'https://evil.example', 'javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'evil.example', '/%252F/evil.example']) {
      const res = await post(staff, href);
      expect(res.statusCode, JSON.stringify(href)).toBe(422);
      expect(res.json().errors).toEqual({ href: ['invalid'] });
    }
    expect((await api.native.get(NOTIFICATIONS_API.service, { token: staff.token })).json().broadcasts.length).toBe(before);
  });
});
