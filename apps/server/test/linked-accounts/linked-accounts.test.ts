import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, HOSTS, PRODUCTION_ENV } from '../support/harness.ts';
import { clients } from '../support/client.ts';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { keysForSale } from '../support/keys-factories.ts';
import { loadConfig } from '../../src/config.ts';
import { SandboxSteamOpenId } from '../../src/platform/linked-accounts/steam.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

type Account = { id: number; token: string };
const NONCE_COOKIE = 'lantern_link_nonce';
const origin = () => t.deps.config.siteUrls.native;
const sandbox = () => t.deps.linkedAccounts.steamOpenId as SandboxSteamOpenId;
let nextSteam = 1000;
/** A fresh public SteamID (never ending in 0000, the sandbox's private profiles). */
const freshSteamId = () => `7656119${String(8_000_000_000 + (nextSteam += 7)).padStart(10, '0')}`;

function cookieOf(res: LightMyRequestResponse, name: string): string {
  const cookie = res.cookies.find((c) => c.name === name);
  expect(cookie, `cookie ${name}`).toBeTruthy();
  return cookie!.value;
}

/** GET /api/openid/bind/new: the provider URL, its state, and the browser's nonce cookie. */
async function startSteam(user: Account) {
  const res = await api.native.get('/api/openid/bind/new', { token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().url);
  const returnTo = url.searchParams.get('openid.return_to')!;
  return { url, returnTo, state: new URL(returnTo).searchParams.get('state')!, nonce: cookieOf(res, NONCE_COOKIE) };
}

/** The sandbox's sign-in page, as the tester's browser posts it: answers Steam's redirect back with the assertion. */
async function signInAtSandbox(returnTo: string, steamId: string): Promise<URL> {
  const res = await t.app.inject({
    method: 'POST', url: '/sandbox/steam/openid/login', headers: { host: HOSTS.native, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ return_to: returnTo, realm: origin(), steam_id: steamId }).toString(),
  });
  expect(res.statusCode, res.body).toBe(302);
  return new URL(res.headers.location as string);
}

/** Steam's redirect arriving at the callback, with the signed-in account and (unless left out) the browser's nonce. */
const callback = (user: Account, back: URL, nonce: string | null) =>
  t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { host: HOSTS.native, authorization: `Bearer ${user.token}` }, ...(nonce ? { cookies: { [NONCE_COOKIE]: nonce } } : {}) });

async function bindSteam(user: Account, steamId = freshSteamId()) {
  // As the web does: the responsibility declaration first, so the Steam data is shared (personal-pages.md#steam-data-shared).
  expect((await api.native.patch('/api/me', { account: { responsibility_acknowledged: true } }, { token: user.token })).statusCode).toBe(200);
  const started = await startSteam(user);
  const back = await signInAtSandbox(started.returnTo, steamId);
  const res = await callback(user, back, started.nonce);
  return { res, back, started, steamId };
}

const platformsOf = async (user: Account) => (await api.native.get('/api/me', { token: user.token })).json().platforms;

describe('Steam by OpenID 2.0 (sandbox)', () => {
  it('starts with a checkid_setup redirect to the provider, its return_to carrying a one-time state', async () => {
    const user = await makeAccount(t);
    expect((await api.native.get('/api/openid/bind/new')).statusCode).toBe(401);
    const { url, returnTo, state } = await startSteam(user);
    expect(`${url.origin}${url.pathname}`).toBe(`${origin()}/sandbox/steam/openid/login`);
    expect(url.searchParams.get('openid.mode')).toBe('checkid_setup');
    expect(url.searchParams.get('openid.ns')).toBe('http://specs.openid.net/auth/2.0');
    expect(returnTo.startsWith(`${origin()}/api/openid/bind/callback?state=`)).toBe(true);
    expect(state.length).toBeGreaterThanOrEqual(32);
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: HOSTS.native } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('SANDBOX');
    const redirect = await api.native.get('/api/openid/bind/new', { token: user.token, query: { redirect: '1' } });
    expect(redirect.statusCode).toBe(302);
  });

  it('binds the SteamID of a valid assertion: basic info shows it, /api/platforms/steam shows the library', async () => {
    const user = await makeAccount(t);
    const { res, steamId } = await bindSteam(user);
    expect(res.statusCode, res.body).toBe(200);
    expect(await platformsOf(user)).toEqual([{ kind: 'steam', show_id: `Player_${steamId.slice(-5)}` }]);
    const steam = (await api.native.get('/api/platforms/steam', { token: user.token })).json();
    expect(steam).toMatchObject({ bound: true, steam_id: steamId, public: true });
    expect(steam.games.length).toBeGreaterThanOrEqual(4);
    expect(steam.games_count).toBe(steam.games.length);
    const other = await makeAccount(t);
    expect((await api.native.get('/api/platforms/steam', { token: other.token })).json()).toMatchObject({ bound: false, games: [] });
  });

  it('answers each of many accounts asking at once its own platforms (the reads are batched)', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => makeAccount(t)));
    const bound = new Map<number, string>();
    for (const m of members.filter((_, i) => i % 3 === 0)) bound.set(m.id, (await bindSteam(m)).steamId);
    const answers = await Promise.all(members.map((m) => api.native.get('/api/me', { token: m.token })));
    for (const [i, res] of answers.entries()) {
      const steamId = bound.get(members[i]!.id);
      expect(res.json().platforms).toEqual(steamId ? [{ kind: 'steam', show_id: `Player_${steamId.slice(-5)}` }] : []);
    }
  });

  it('sends a browser back to the settings page with the result', async () => {
    const user = await makeAccount(t);
    const started = await startSteam(user);
    const back = await signInAtSandbox(started.returnTo, freshSteamId());
    const res = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { host: HOSTS.native, authorization: `Bearer ${user.token}`, accept: 'text/html' }, cookies: { [NONCE_COOKIE]: started.nonce } });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/setting/linked_accounts?bound=steam');
    const again = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { host: HOSTS.native, authorization: `Bearer ${user.token}`, accept: 'text/html' }, cookies: { [NONCE_COOKIE]: started.nonce } });
    expect(again.headers.location).toBe('/setting/linked_accounts?link_error=state%3Ainvalid');
  });

  it('refuses a forged state, another browser\'s answer, another account\'s state, and a replayed answer', async () => {
    const user = await makeAccount(t);
    const forged = await signInAtSandbox(`${origin()}/api/openid/bind/callback?state=forged-state-of-my-own-making`, freshSteamId());
    const started = await startSteam(user);
    expect((await callback(user, forged, started.nonce)).json().errors).toEqual({ state: ['invalid'] });

    const mine = await startSteam(user);
    const back = await signInAtSandbox(mine.returnTo, freshSteamId());
    // No nonce cookie: the answer came back to a browser that did not start this binding (login CSRF).
    expect((await callback(user, back, null)).json().errors).toEqual({ state: ['invalid'] });

    const victim = await startSteam(user);
    const stolen = await signInAtSandbox(victim.returnTo, freshSteamId());
    const attacker = await makeAccount(t);
    expect((await callback(attacker, stolen, victim.nonce)).json().errors).toEqual({ state: ['invalid'] });

    const ok = await bindSteam(user);
    expect(ok.res.statusCode).toBe(200);
    const replay = await callback(user, ok.back, ok.started.nonce);
    expect(replay.statusCode).toBe(422);
    expect(replay.json().errors).toEqual({ state: ['invalid'] });
  });

  it('refuses an assertion whose nonce was accepted before, even on a fresh state', async () => {
    const user = await makeAccount(t);
    const first = await bindSteam(user);
    expect(first.res.statusCode).toBe(200);
    const started = await startSteam(user);
    const reissued = Object.fromEntries(first.back.searchParams);
    reissued['openid.return_to'] = started.returnTo;
    const signed = sandbox().sign(Object.fromEntries(Object.entries(reissued).filter(([k]) => k.startsWith('openid.') && k !== 'openid.sig')));
    const back = new URL(started.returnTo);
    for (const [k, v] of Object.entries(signed)) back.searchParams.set(k, v);
    const res = await callback(user, back, started.nonce);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ openid: ['used'] });
  });

  it('refuses a wrong signature, a changed SteamID, an unsigned field, another endpoint and an old assertion', async () => {
    const user = await makeAccount(t);
    const tamper = async (change: (params: URLSearchParams) => void) => {
      const started = await startSteam(user);
      const back = await signInAtSandbox(started.returnTo, freshSteamId());
      change(back.searchParams);
      return (await callback(user, back, started.nonce)).json().errors;
    };
    expect(await tamper((p) => p.set('openid.sig', Buffer.alloc(32, 7).toString('base64')))).toEqual({ openid: ['signature_invalid'] });
    expect(await tamper((p) => {
      const other = `https://steamcommunity.com/openid/id/${freshSteamId()}`;
      p.set('openid.claimed_id', other);
      p.set('openid.identity', other);
    })).toEqual({ openid: ['signature_invalid'] });
    expect(await tamper((p) => p.set('openid.signed', 'signed,op_endpoint,claimed_id,identity,return_to,assoc_handle'))).toEqual({ openid: ['invalid'] });
    expect(await tamper((p) => p.set('openid.op_endpoint', 'https://evil.example/openid/login'))).toEqual({ openid: ['invalid'] });
    expect(await tamper((p) => p.set('openid.mode', 'cancel'))).toEqual({ openid: ['invalid'] });

    const started = await startSteam(user);
    const back = await signInAtSandbox(started.returnTo, freshSteamId());
    t.clock.advance(6 * 60);
    const late = await callback(user, back, started.nonce);
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual({ openid: ['expired'] });
    expect(await platformsOf(user)).toEqual([]);
  });

  it('binds one SteamID to one account only, also when two accounts try at once', async () => {
    const steamId = freshSteamId();
    const first = await makeAccount(t);
    const second = await makeAccount(t);
    expect((await bindSteam(first, steamId)).res.statusCode).toBe(200);
    const taken = (await bindSteam(second, steamId)).res;
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ steam: ['taken'] });
    expect(await platformsOf(second)).toEqual([]);
    // A second Steam account on the same store account is refused too: unbind first.
    const twice = (await bindSteam(first)).res;
    expect(twice.json().errors).toEqual({ steam: ['already_bound'] });

    const contested = freshSteamId();
    const racers = [await makeAccount(t), await makeAccount(t), await makeAccount(t)];
    const answers = await Promise.all(racers.map((r) => bindSteam(r, contested)));
    expect(answers.map((a) => a.res.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('unbinds: the binding goes, a second unbind is not_bound, and the SteamID is free for another account', async () => {
    const steamId = freshSteamId();
    const user = await makeAccount(t);
    await bindSteam(user, steamId);
    expect((await api.native.delete('/api/openid/bind', { token: user.token })).statusCode).toBe(204);
    expect(await platformsOf(user)).toEqual([]);
    const again = await api.native.delete('/api/openid/bind', { token: user.token });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ steam: ['not_bound'] });
    const next = await makeAccount(t);
    expect((await bindSteam(next, steamId)).res.statusCode).toBe(200);
  });
});

describe('WeChat and Weibo by OAuth 2.0 (sandbox)', () => {
  async function startOAuth(user: Account, kind: 'wechat' | 'weibo') {
    const res = await api.native.get(`/api/oauth/${kind}/bind/new`, { token: user.token });
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().url);
    return { url, state: url.searchParams.get('state')!, redirectUri: url.searchParams.get('redirect_uri')!, nonce: cookieOf(res, NONCE_COOKIE) };
  }
  async function authorize(kind: 'wechat' | 'weibo', redirectUri: string, state: string, externalId: string) {
    const res = await t.app.inject({
      method: 'POST', url: `/sandbox/oauth/${kind}/authorize`, headers: { host: HOSTS.native, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ redirect_uri: redirectUri, state, external_id: externalId, display_name: `Nick ${externalId}` }).toString(),
    });
    expect(res.statusCode, res.body).toBe(302);
    const back = new URL(res.headers.location as string);
    expect(back.searchParams.get('state')).toBe(state);
    return back.searchParams.get('code')!;
  }
  const bindCall = (user: Account, kind: 'wechat' | 'weibo', body: Record<string, unknown>, nonce: string | null) =>
    t.app.inject({ method: 'POST', url: `/api/bind_${kind}`, headers: { host: HOSTS.native, authorization: `Bearer ${user.token}` }, payload: body, ...(nonce ? { cookies: { [NONCE_COOKIE]: nonce } } : {}) });

  it('binds WeChat with the code and state the provider sent back (journey tasks accepted)', async () => {
    const user = await makeAccount(t);
    const started = await startOAuth(user, 'wechat');
    expect(started.redirectUri).toBe(`${origin()}/oauth/wechat/callback`);
    const code = await authorize('wechat', started.redirectUri, started.state, 'wx-union-1');
    const res = await bindCall(user, 'wechat', { code, state: started.state, journey_task_ids: [3] }, started.nonce);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ platforms: [{ kind: 'wechat', show_id: 'Nick wx-union-1' }], completed_journey_task_ids: [] });
  });

  it('refuses a forged state, a replayed code and a code the provider never issued', async () => {
    const user = await makeAccount(t);
    const started = await startOAuth(user, 'weibo');
    const code = await authorize('weibo', started.redirectUri, started.state, 'weibo-77');
    expect((await bindCall(user, 'weibo', { code, state: 'not-the-state-we-gave' }, started.nonce)).json().errors).toEqual({ state: ['invalid'] });
    // The forged attempt did not spend the real state: it still works once.
    expect((await bindCall(user, 'weibo', { code, state: started.state }, started.nonce)).statusCode).toBe(200);
    expect((await bindCall(user, 'weibo', { code, state: started.state }, started.nonce)).json().errors).toEqual({ state: ['invalid'] });
    const other = await makeAccount(t);
    const fresh = await startOAuth(other, 'weibo');
    expect((await bindCall(other, 'weibo', { code, state: fresh.state }, fresh.nonce)).json().errors).toEqual({ code: ['used'] });
    const again = await startOAuth(other, 'weibo');
    expect((await bindCall(other, 'weibo', { code: 'made-up-code', state: again.state }, again.nonce)).json().errors).toEqual({ code: ['invalid'] });
    const taken = await startOAuth(other, 'weibo');
    const stolenId = await authorize('weibo', taken.redirectUri, taken.state, 'weibo-77');
    const refused = await bindCall(other, 'weibo', { code: stolenId, state: taken.state }, taken.nonce);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual({ weibo: ['taken'] });
  });

  it('unbinds WeChat by kind', async () => {
    const user = await makeAccount(t);
    const started = await startOAuth(user, 'wechat');
    await bindCall(user, 'wechat', { code: await authorize('wechat', started.redirectUri, started.state, 'wx-union-9'), state: started.state }, started.nonce);
    expect((await api.native.delete('/api/openid/bind', { token: user.token, query: { kind: 'wechat' } })).statusCode).toBe(204);
    expect(await platformsOf(user)).toEqual([]);
  });
});

describe('Steam friends', () => {
  it('say unbind without a Steam account and hidden for a private profile; 404 for an unknown account', async () => {
    const lone = await makeAccount(t);
    expect((await api.native.get(`/api/accounts/${lone.id}/steam_friends`)).json()).toEqual({ steam_friends: [], steam_error: 'unbind' });
    const secretive = await makeAccount(t);
    await bindSteam(secretive, '76561198000000000');
    expect((await api.native.get(`/api/accounts/${secretive.id}/steam_friends`)).json()).toEqual({ steam_friends: [], steam_error: 'hidden' });
    expect((await api.native.get('/api/accounts/987654321/steam_friends')).statusCode).toBe(404);
  });

  it('lists the friends of a public profile, with the accounts here of those who bound their Steam', async () => {
    const user = await makeAccount(t);
    const { steamId } = await bindSteam(user);
    const ids = await t.deps.linkedAccounts.steamWebApi!.friends(steamId);
    expect(Array.isArray(ids)).toBe(true);
    const friendHere = await makeAccount(t);
    await bindSteam(friendHere, (ids as string[])[0]!);
    const res = (await api.native.get(`/api/accounts/${user.id}/steam_friends`)).json();
    expect(res.steam_error).toBeNull();
    expect(res.steam_friends).toHaveLength((ids as string[]).length);
    expect(res.steam_friends[0]).toMatchObject({ steam_id: (ids as string[])[0], account: { id: friendHere.id } });
    expect(res.steam_friends.slice(1).every((f: { account: unknown }) => f.account === null)).toBe(true);
  });
});

describe('Steam games on a personal page', () => {
  it('show the linked profile\'s library, most played first with the hours of all; unbind, hidden and 404 otherwise', async () => {
    const user = await makeAccount(t);
    const { steamId } = await bindSteam(user);
    const owned = await t.deps.linkedAccounts.steamWebApi!.ownedGames(steamId);
    expect(Array.isArray(owned)).toBe(true);
    const res = await api.abroad.get(`/api/accounts/${user.id}/steam_games`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.steam_error).toBeNull();
    expect(body.games_count).toBe((owned as unknown[]).length);
    const seconds = body.games.map((g: { playtime_seconds: number }) => g.playtime_seconds);
    expect(seconds).toEqual([...seconds].sort((a: number, b: number) => b - a));
    expect(body.playtime_seconds).toBe((owned as { playtimeSeconds: number }[]).reduce((sum, g) => sum + g.playtimeSeconds, 0));

    const lone = await makeAccount(t);
    expect((await api.native.get(`/api/accounts/${lone.id}/steam_games`)).json()).toMatchObject({ steam_error: 'unbind', games: [], games_count: 0 });
    const secretive = await makeAccount(t);
    await bindSteam(secretive, '76561198000010000');
    expect((await api.native.get(`/api/accounts/${secretive.id}/steam_games`)).json()).toMatchObject({ steam_error: 'hidden', games: [] });
    expect((await api.native.get('/api/accounts/987654321/steam_games')).statusCode).toBe(404);
  });
});

describe('flash sales that need a Steam binding', () => {
  it('refuse a buyer without Steam (unbound) and qualify the same buyer once Steam is bound', async () => {
    const admin = await makeAccount(t, { role: 'admin' });
    const sku = await makeSku(t, { area: 'native', listPrice: 9800 });
    await keysForSale(t, sku.id, 5);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const created = await api.native.post('/api/admin/sec_kills', {
      sec_kill: { area: 'native', title: { chs: '绑定 Steam 专享', en: 'Steam members' }, from_timestamp: now - 60, to_timestamp: now + 3600, items: [{ sku_id: sku.id, price: 990, stock: 5, buy_limit: 1 }], require_steam: true },
    }, { token: admin.token });
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json();
    const buyer = await makeAccount(t);
    const qualify = () => api.native.post(`/api/events/sec_kills/${event.id}/qualify`, {}, { token: buyer.token });
    expect((await qualify()).json().errors).toEqual({ steam: ['unbound'] });
    await bindSteam(buyer);
    const res = await qualify();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ qualified: true });
  });
});

describe('production', () => {
  it('has no sandbox provider unless a staging server asks for it, and real adapters by keys', () => {
    const prod = loadConfig({ ...PRODUCTION_ENV });
    expect(prod.linkedAccounts).toMatchObject({ sandbox: false, steamWebApiKey: null, wechat: null, weibo: null });
    expect(loadConfig({ ...PRODUCTION_ENV, ALLOW_SANDBOX_LINKED_ACCOUNTS_IN_PRODUCTION: 'staging' }).linkedAccounts.sandbox).toBe(true);
    expect(() => loadConfig({ ...PRODUCTION_ENV, WECHAT_APP_ID: 'wx0123456789abcdef' })).toThrow(/WECHAT_APP_SECRET/);
    const keyed = loadConfig({ ...PRODUCTION_ENV, STEAM_WEB_API_KEY: '0123456789ABCDEF0123456789ABCDEF' });
    expect(keyed.linkedAccounts.steamWebApiKey).toBe('0123456789ABCDEF0123456789ABCDEF');
  });

  it('answers provider_unavailable where no provider is configured', async () => {
    const prod = await createTestApp({ env: { ...PRODUCTION_ENV } });
    try {
      const user = await makeAccount(prod);
      const res = await clients(prod).native.get('/api/openid/bind/new', { token: user.token });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ steam: ['provider_unavailable'] });
      const page = await prod.app.inject({ method: 'GET', url: '/sandbox/steam/openid/login?openid.return_to=x&openid.realm=y', headers: { host: HOSTS.native } });
      expect(page.statusCode).not.toBe(200);
    } finally {
      await prod.close();
    }
  });
});

describe('signing in with Steam', () => {
  async function startSignIn(returnTo?: string) {
    const res = await api.native.get('/api/openid/sign_in/new', returnTo ? { query: { return_to: returnTo } } : {});
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().url);
    return { returnTo: url.searchParams.get('openid.return_to')!, nonce: cookieOf(res, NONCE_COOKIE) };
  }
  const arrive = (back: URL, nonce: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { host: HOSTS.native, ...headers }, cookies: { [NONCE_COOKIE]: nonce } });

  it('signs a guest in as the account the SteamID is bound to', async () => {
    const owner = await makeAccount(t);
    const { steamId } = await bindSteam(owner);
    const started = await startSignIn();
    expect(started.returnTo.startsWith(`${origin()}/api/openid/sign_in/callback?state=`)).toBe(true);
    const res = await arrive(await signInAtSandbox(started.returnTo, steamId), started.nonce);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'Bearer', account_id: owner.id });
    const me = await api.native.get('/api/me', { token: res.json().access_token });
    expect(me.json().id).toBe(owner.id);
  });

  it('gives a browser session cookies and sends it to the launcher\'s success page', async () => {
    const owner = await makeAccount(t);
    const { steamId } = await bindSteam(owner);
    const started = await startSignIn('/third_party/login/success');
    const res = await arrive(await signInAtSandbox(started.returnTo, steamId), started.nonce, { accept: 'text/html' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/third_party/login/success');
    expect(res.cookies.some((c) => c.name === 'lantern_native_at' && c.value.length > 20)).toBe(true);
  });

  it('refuses a SteamID bound to no account, a binding\'s state, and a replay', async () => {
    const started = await startSignIn();
    const unbound = await arrive(await signInAtSandbox(started.returnTo, freshSteamId()), started.nonce);
    expect(unbound.statusCode).toBe(422);
    expect(unbound.json().errors).toEqual({ steam: ['unbound'] });
    const browser = await startSignIn();
    const sent = await arrive(await signInAtSandbox(browser.returnTo, freshSteamId()), browser.nonce, { accept: 'text/html' });
    expect(sent.headers.location).toBe('/sign_in?link_error=steam%3Aunbound');

    const user = await makeAccount(t);
    const binding = await startSteam(user);
    // A binding's assertion, sent to the sign-in callback: its return_to is not the sign-in's, nor its state.
    const crossed = await signInAtSandbox(binding.returnTo, freshSteamId());
    const res = await t.app.inject({ method: 'GET', url: `/api/openid/sign_in/callback${crossed.search}`, headers: { host: HOSTS.native }, cookies: { [NONCE_COOKIE]: binding.nonce } });
    expect(res.json().errors).toEqual({ state: ['invalid'] });

    const owner = await makeAccount(t);
    const { steamId } = await bindSteam(owner);
    const once = await startSignIn();
    const back = await signInAtSandbox(once.returnTo, steamId);
    expect((await arrive(back, once.nonce)).statusCode).toBe(200);
    expect((await arrive(back, once.nonce)).json().errors).toEqual({ state: ['invalid'] });
  });
});
