import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { type SiteClient } from '../support/client.ts';
import { PASSWORD, nextIp, signUpByEmail } from '../support/factories.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

const web = { client: 'web' };

interface Cookie {
  name: string;
  value: string;
  path?: string;
  maxAge?: number;
  httpOnly?: boolean;
  sameSite?: string;
}
const cookiesOf = (res: LightMyRequestResponse) => res.cookies as Cookie[];
const cookieNamed = (res: LightMyRequestResponse, name: string) => cookiesOf(res).find((c) => c.name === name);

function signIn(client: SiteClient, login: string, query: Record<string, string> = {}) {
  return client.post('/api/access_token', { access_token: { login, password: PASSWORD } }, { query, ip: nextIp() });
}

/** Signs in as the web does and returns the cookies a browser would then hold. */
async function webSession(client: SiteClient, login: string) {
  const res = await signIn(client, login, web);
  expect(res.statusCode).toBe(201);
  const area = client.area;
  return {
    at: cookieNamed(res, `lantern_${area}_at`)!.value,
    rt: cookieNamed(res, `lantern_${area}_rt`)!.value,
    csrf: cookieNamed(res, 'lantern_csrf')!.value,
  };
}

const rotate = (client: SiteClient, refresh_token: string) => client.patch('/api/access_token', { access_token: { refresh_token } });

describe('tokens for API clients and cookies for the web', () => {
  it('gives an API client (client=pc) its tokens in the body and sets no session cookie', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const res = await signIn(api.abroad, user.email);
    expect(res.statusCode).toBe(201);
    expect(res.json().access_token).toEqual(expect.any(String));
    expect(res.json().refresh_token).toEqual(expect.any(String));
    expect(cookieNamed(res, 'lantern_abroad_at')).toBeUndefined();
    expect(cookieNamed(res, 'lantern_abroad_rt')).toBeUndefined();
  });

  it('gives the web (client=web) httpOnly cookies named for the site, and no tokens in the body', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const res = await signIn(api.abroad, user.email, web);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).not.toHaveProperty('access_token');
    expect(body).not.toHaveProperty('refresh_token');
    expect(body).toMatchObject({ token_type: 'Bearer', account: { id: user.id } });
    expect(cookieNamed(res, 'lantern_abroad_at')).toMatchObject({ httpOnly: true, path: '/', maxAge: 900, sameSite: 'Lax' });
    expect(cookieNamed(res, 'lantern_abroad_rt')).toMatchObject({ httpOnly: true, path: '/api/access_token', maxAge: 30 * 24 * 3600 });
    expect(cookieNamed(res, 'lantern_native_at')).toBeUndefined();
    const csrf = cookieNamed(res, 'lantern_csrf')!;
    expect(csrf.httpOnly).toBeFalsy();
    expect(csrf.value.length).toBeGreaterThanOrEqual(16);

    const native = await signIn(api.native, user.email, web);
    expect(cookieNamed(native, 'lantern_native_at')?.value).toEqual(expect.any(String));
    expect(cookieNamed(native, 'lantern_abroad_at')).toBeUndefined();
  });

  it('reads the session from the access cookie', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const session = await webSession(api.abroad, user.email);
    const me = await api.abroad.get('/api/me', { query: web, cookies: { lantern_abroad_at: session.at } });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
  });

  it('refuses a cookie-authenticated write without the CSRF header matching the CSRF cookie', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const s = await webSession(api.abroad, user.email);
    const patch = (headers: Record<string, string>, cookies: Record<string, string>) =>
      api.abroad.patch('/api/me', { account: { introduction: 'written by cookie' } }, { query: web, headers, cookies });

    const missing = await patch({}, { lantern_abroad_at: s.at, lantern_csrf: s.csrf });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({ errors: { base: ['csrf_invalid'] } });
    const mismatched = await patch({ 'x-csrf-token': `${s.csrf}x` }, { lantern_abroad_at: s.at, lantern_csrf: s.csrf });
    expect(mismatched.statusCode).toBe(403);
    expect(mismatched.json()).toEqual({ errors: { base: ['csrf_invalid'] } });
    const noCookie = await patch({ 'x-csrf-token': s.csrf }, { lantern_abroad_at: s.at });
    expect(noCookie.statusCode).toBe(403);
    expect((await api.abroad.get('/api/me', { token: user.token })).json().introduction).toBe('');

    const ok = await patch({ 'x-csrf-token': s.csrf }, { lantern_abroad_at: s.at, lantern_csrf: s.csrf });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().introduction).toBe('written by cookie');
  });

  it('needs no CSRF header for a Bearer caller', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const res = await api.abroad.patch('/api/me', { account: { introduction: 'bearer' } }, { token: user.token, cookies: { lantern_csrf: 'abc' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('sessions are per site', () => {
  it('does not take a mainland token or cookie on the international site', async () => {
    const user = await signUpByEmail(t, api.native);
    expect((await api.native.get('/api/me', { token: user.token })).statusCode).toBe(200);
    const bearer = await api.abroad.get('/api/me', { token: user.token });
    expect(bearer.statusCode).toBe(401);
    expect(bearer.json()).toEqual({ errors: { base: ['token_invalid'] } });

    const s = await webSession(api.native, user.email);
    const cookie = await api.abroad.get('/api/me', { query: web, cookies: { lantern_native_at: s.at } });
    expect(cookie.statusCode).toBe(401);
    expect(cookie.json()).toEqual({ errors: { base: ['unauthorized'] } });
    // Nor its refresh token.
    const refresh = await rotate(api.abroad, user.refreshToken);
    expect(refresh.statusCode).toBe(401);
    expect((await rotate(api.native, user.refreshToken)).statusCode).toBe(200);
  });
});

describe('PATCH /api/access_token (refresh)', () => {
  it('rotates: the old access token stops working, the new pair works', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const res = await rotate(api.abroad, user.refreshToken);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900, account: { id: user.id } });
    expect(body.access_token).not.toBe(user.token);
    expect(body.refresh_token).not.toBe(user.refreshToken);
    expect((await api.abroad.get('/api/me', { token: user.token })).statusCode).toBe(401);
    expect((await api.abroad.get('/api/me', { token: body.access_token })).statusCode).toBe(200);
    expect((await rotate(api.abroad, body.refresh_token)).statusCode).toBe(200);
  });

  it('answers 409 in_protection to the old refresh token within 30 s, and revokes nothing', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const first = (await rotate(api.abroad, user.refreshToken)).json();
    t.clock.advance(29);
    const again = await rotate(api.abroad, user.refreshToken);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: { refresh_token: ['in_protection'] } });
    expect((await api.abroad.get('/api/me', { token: first.access_token })).statusCode).toBe(200);
    expect((await rotate(api.abroad, first.refresh_token)).statusCode).toBe(200);
  });

  it('treats the old refresh token after 30 s as theft: 401 and the whole family is revoked', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const first = (await rotate(api.abroad, user.refreshToken)).json();
    const second = (await rotate(api.abroad, first.refresh_token)).json();
    t.clock.advance(31);
    const reuse = await rotate(api.abroad, user.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ errors: { base: ['refresh_token_reused'] } });
    expect((await api.abroad.get('/api/me', { token: second.access_token })).statusCode).toBe(401);
    const newest = await rotate(api.abroad, second.refresh_token);
    expect(newest.statusCode).toBe(401);
    expect(newest.json()).toEqual({ errors: { base: ['refresh_token_invalid'] } });
  });

  it('leaves the other sessions of the account alone when one family is revoked', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const other = (await signIn(api.abroad, user.email)).json();
    const first = (await rotate(api.abroad, user.refreshToken)).json();
    t.clock.advance(31);
    expect((await rotate(api.abroad, user.refreshToken)).statusCode).toBe(401);
    expect((await api.abroad.get('/api/me', { token: first.access_token })).statusCode).toBe(401);
    expect((await api.abroad.get('/api/me', { token: other.access_token })).statusCode).toBe(200);
  });

  it('rotates the web session by its refresh cookie, setting new cookies', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const s = await webSession(api.abroad, user.email);
    const res = await api.abroad.patch('/api/access_token', undefined, {
      query: web,
      headers: { 'x-csrf-token': s.csrf },
      cookies: { lantern_abroad_rt: s.rt, lantern_csrf: s.csrf },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('access_token');
    const at = cookieNamed(res, 'lantern_abroad_at')!.value;
    expect(at).not.toBe(s.at);
    expect(cookieNamed(res, 'lantern_abroad_rt')!.value).not.toBe(s.rt);
    expect((await api.abroad.get('/api/me', { query: web, cookies: { lantern_abroad_at: at } })).statusCode).toBe(200);
    expect((await api.abroad.get('/api/me', { query: web, cookies: { lantern_abroad_at: s.at } })).statusCode).toBe(401);
  });

  it('answers 401 with no refresh token, an unknown one, or an expired one', async () => {
    const none = await api.abroad.patch('/api/access_token');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ errors: { base: ['refresh_token_invalid'] } });
    const unknown = await rotate(api.abroad, 'not-a-real-token');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ errors: { base: ['refresh_token_invalid'] } });

    const user = await signUpByEmail(t, api.abroad);
    t.clock.advance(30 * 24 * 3600 + 1);
    const expired = await rotate(api.abroad, user.refreshToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ errors: { base: ['refresh_token_invalid'] } });
  });

  it('keeps a session going after the access token expires', async () => {
    const user = await signUpByEmail(t, api.abroad);
    t.clock.advance(901);
    const stale = await api.abroad.get('/api/me', { token: user.token });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ errors: { base: ['token_invalid'] } });
    const fresh = await rotate(api.abroad, user.refreshToken);
    expect(fresh.statusCode).toBe(200);
    expect((await api.abroad.get('/api/me', { token: fresh.json().access_token })).statusCode).toBe(200);
  });
});

describe('DELETE /api/access_token (sign out)', () => {
  it('signs the session out: 204, then its tokens are refused', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const res = await api.abroad.delete('/api/access_token', { token: user.token });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const me = await api.abroad.get('/api/me', { token: user.token });
    expect(me.statusCode).toBe(401);
    expect((await rotate(api.abroad, user.refreshToken)).statusCode).toBe(401);
  });

  it('signs a web session out by its refresh cookie alone, and clears the cookies', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const s = await webSession(api.abroad, user.email);
    const res = await api.abroad.delete('/api/access_token', {
      query: web,
      headers: { 'x-csrf-token': s.csrf },
      cookies: { lantern_abroad_rt: s.rt, lantern_csrf: s.csrf },
    });
    expect(res.statusCode).toBe(204);
    const cleared = cookieNamed(res, 'lantern_abroad_at');
    expect(cleared?.value).toBe('');
    expect(cookieNamed(res, 'lantern_abroad_rt')?.value).toBe('');
    // The access cookie of that session is dead too, and the refresh token no longer rotates.
    expect((await api.abroad.get('/api/me', { query: web, cookies: { lantern_abroad_at: s.at } })).statusCode).toBe(401);
    const refreshed = await api.abroad.patch('/api/access_token', undefined, {
      query: web,
      headers: { 'x-csrf-token': s.csrf },
      cookies: { lantern_abroad_rt: s.rt, lantern_csrf: s.csrf },
    });
    expect(refreshed.statusCode).toBe(401);
    // Other sessions of the account go on.
    expect((await api.abroad.get('/api/me', { token: user.token })).statusCode).toBe(200);
  });

  it('succeeds with nothing to sign out', async () => {
    const res = await api.abroad.delete('/api/access_token');
    expect(res.statusCode).toBe(204);
  });
});

describe('authentication errors', () => {
  it('answers 401 unauthorized to a signed-in-only call without a token', async () => {
    const res = await api.abroad.get('/api/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: { base: ['unauthorized'] } });
  });

  it('answers 401 token_invalid to a garbage bearer token where a signed-in account is needed, and serves public calls', async () => {
    for (const token of ['garbage', 'x'.repeat(500), '%00%ff']) {
      const me = await api.abroad.get('/api/me', { token });
      expect(me.statusCode).toBe(401);
      expect(me.json()).toEqual({ errors: { base: ['token_invalid'] } });
    }
    const pub = await api.abroad.get('/api/v1/fetch_region', { token: 'garbage' });
    expect(pub.statusCode).toBe(200);
  });

  it('lets a client with an expired bearer token still refresh its session', async () => {
    const user = await signUpByEmail(t, api.abroad);
    t.clock.advance(16 * 60);
    const stale = await api.abroad.get('/api/me', { token: user.token });
    expect(stale.json()).toEqual({ errors: { base: ['token_invalid'] } });
    const refreshed = await api.abroad.patch('/api/access_token', { access_token: { refresh_token: user.refreshToken } }, { token: user.token });
    expect(refreshed.statusCode).toBe(200);
    expect((await api.abroad.get('/api/me', { token: refreshed.json().access_token })).statusCode).toBe(200);
  });

  it('ignores an unknown access cookie on a public call, and answers 401 on a signed-in one', async () => {
    const pub = await api.abroad.get('/api/v1/fetch_region', { query: web, cookies: { lantern_abroad_at: 'garbage' } });
    expect(pub.statusCode).toBe(200);
    const me = await api.abroad.get('/api/me', { query: web, cookies: { lantern_abroad_at: 'garbage' } });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ errors: { base: ['unauthorized'] } });
  });
});
