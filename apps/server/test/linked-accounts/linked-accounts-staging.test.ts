import { describe, expect, it } from 'vitest';
import { HOSTS, PRODUCTION_ENV } from '../support/harness.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * A staging server (production with ALLOW_SANDBOX_LINKED_ACCOUNTS_IN_PRODUCTION=staging) keeps the Steam sandbox
 * for binding, but never signs anyone in with it: the sandbox signs any SteamID typed, and a SteamID is public
 * on a personal page (docs/product/linked-accounts.md#sandbox).
 */
const { t, api } = useTestApp({ env: { ...PRODUCTION_ENV, ALLOW_SANDBOX_LINKED_ACCOUNTS_IN_PRODUCTION: 'staging' } });

const NONCE_COOKIE = 'lantern_link_nonce';
const steamId = '76561197000004242';

async function throughSandbox(returnTo: string): Promise<URL> {
  const res = await t.app.inject({
    method: 'POST', url: '/sandbox/steam/openid/login', headers: { host: HOSTS.native, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ return_to: returnTo, realm: t.deps.config.siteUrls.native, steam_id: steamId }).toString(),
  });
  expect(res.statusCode, res.body).toBe(302);
  return new URL(res.headers.location as string);
}

describe('the Steam sandbox on a staging server', () => {
  it('still binds a SteamID to the signed-in account', async () => {
    const owner = await makeAccount(t);
    const start = await api.native.get('/api/openid/bind/new', { token: owner.token });
    expect(start.statusCode, start.body).toBe(200);
    // Production names the cookie with the `__Host-` prefix.
    const cookie = start.cookies.find((c) => c.name.endsWith(NONCE_COOKIE))!;
    const back = await throughSandbox(new URL(start.json().url).searchParams.get('openid.return_to')!);
    const res = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { host: HOSTS.native, authorization: `Bearer ${owner.token}` }, cookies: { [cookie.name]: cookie.value } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().platforms).toEqual([{ kind: 'steam', show_id: expect.any(String) }]);
  });

  it('refuses to start a sign-in, and refuses an assertion for that SteamID at the sign-in callback', async () => {
    const start = await api.native.get('/api/openid/sign_in/new');
    expect(start.statusCode).toBe(422);
    expect(start.json().errors).toEqual({ steam: ['provider_unavailable'] });
    expect(start.cookies.some((c) => c.name.endsWith(NONCE_COOKIE))).toBe(false);

    // Someone who read the SteamID off the bound account's personal page forges the sandbox's assertion for it.
    const origin = t.deps.config.siteUrls.native;
    const forged = await throughSandbox(`${origin}/api/openid/sign_in/callback?state=x`);
    const callback = await t.app.inject({ method: 'GET', url: `${forged.pathname}${forged.search}`, headers: { host: HOSTS.native } });
    expect(callback.statusCode).toBe(422);
    expect(callback.json().errors).toEqual({ steam: ['provider_unavailable'] });
    expect(callback.cookies.some((c) => /_at$/.test(c.name))).toBe(false);
    const page = await t.app.inject({ method: 'GET', url: `${forged.pathname}${forged.search}`, headers: { host: HOSTS.native, accept: 'text/html' } });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe('/sign_in?link_error=steam%3Aprovider_unavailable');
  });
});
