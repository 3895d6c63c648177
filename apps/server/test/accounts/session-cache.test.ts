import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { clients, type SiteClient } from '../support/client.ts';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { PASSWORD, nextIp, signUpByPhone } from '../support/factories.ts';
import { accessTokens, accounts } from '../../src/modules/accounts/tables.ts';
import { SESSION_CACHE_SECONDS } from '../../src/platform/session-cache.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * The access-token check is kept per instance for SESSION_CACHE_SECONDS (platform/session-cache.ts). A
 * revocation is honoured at once on the instance that made it, and on every other instance within that
 * window (at once too when the message through Redis arrives first). Time is moved with the test clock.
 */
const { t, api } = useTestApp();

const NEW_PASSWORD = 'Violet-Harbour-Lamp-73';
const me = (client: SiteClient, token: string) => client.get('/api/me', { token });
async function signIn(client: SiteClient, login: string) {
  const res = await client.post('/api/access_token', { access_token: { login, password: PASSWORD } }, { ip: nextIp() });
  expect(res.statusCode).toBe(201);
  return res.json() as { access_token: string; refresh_token: string };
}

describe('one instance', () => {
  it('serves a token it has checked from memory, so a row removed behind its back lives at most one window', async () => {
    const user = await makeAccount(t);
    expect((await me(api.native, user.token)).statusCode).toBe(200);
    // Not a revocation the application makes (those forget the account): the bound that holds regardless.
    await t.deps.db.delete(accessTokens).where(eq(accessTokens.accountId, user.id));
    expect((await me(api.native, user.token)).statusCode).toBe(200);
    t.clock.advance(SESSION_CACHE_SECONDS);
    expect((await me(api.native, user.token)).statusCode).toBe(401);
  });

  it('checks the tokens of a burst of first requests together, each answered as its own: unknown, expired, closed and other-site tokens refused', async () => {
    const users = await Promise.all(Array.from({ length: 24 }, () => makeAccount(t)));
    const [expired, closed, abroad] = await Promise.all([makeAccount(t), makeAccount(t), makeAccount(t, { area: 'abroad' })]);
    await t.deps.db.update(accessTokens).set({ expiresAt: t.clock.now() }).where(eq(accessTokens.accountId, expired.id));
    await t.deps.db.update(accounts).set({ closedAt: t.clock.now() }).where(eq(accounts.id, closed.id));
    const answers = await Promise.all([
      ...users.map((u) => me(api.native, u.token)),
      me(api.native, expired.token), me(api.native, closed.token), me(api.native, abroad.token), me(api.native, 'not-a-token'),
    ]);
    expect(answers.slice(0, users.length).map((a) => [a.statusCode, a.json().id])).toEqual(users.map((u) => [200, u.id]));
    expect(answers.slice(users.length).map((a) => a.statusCode)).toEqual([401, 401, 401, 401]);
    // Each found token is now kept: the rows gone, they are still answered within the window.
    await t.deps.db.delete(accessTokens).where(eq(accessTokens.accountId, users[0]!.id));
    expect((await me(api.native, users[0]!.token)).statusCode).toBe(200);
  });

  it('refuses a signed-out token at once, though it was just checked', async () => {
    const user = await makeAccount(t);
    expect((await me(api.native, user.token)).statusCode).toBe(200);
    expect((await api.native.delete('/api/access_token', { token: user.token })).statusCode).toBe(204);
    expect((await me(api.native, user.token)).statusCode).toBe(401);
  });

  it('refuses the other sessions at once after a password change, and keeps the one that made it', async () => {
    const user = await signUpByPhone(t, api.native);
    const other = await signIn(api.native, user.phone);
    expect((await me(api.native, other.access_token)).statusCode).toBe(200);
    const changed = await api.native.put('/api/me', { account: { phone_number: user.phone, code: '000000', password: NEW_PASSWORD, current_password: PASSWORD, nickname: `k${Date.now()}`, gender: 'male' } }, { token: user.token });
    expect(changed.statusCode).toBe(200);
    expect((await me(api.native, other.access_token)).statusCode).toBe(401);
    expect((await me(api.native, user.token)).statusCode).toBe(200);
  });

  it('refuses the old access token at once once its session is refreshed', async () => {
    const user = await signUpByPhone(t, api.native);
    const session = await signIn(api.native, user.phone);
    expect((await me(api.native, session.access_token)).statusCode).toBe(200);
    const rotated = await api.native.patch('/api/access_token', { access_token: { refresh_token: session.refresh_token } });
    expect(rotated.statusCode).toBe(200);
    expect((await me(api.native, session.access_token)).statusCode).toBe(401);
    expect((await me(api.native, rotated.json().access_token)).statusCode).toBe(200);
  });

  it('never serves a token past its own expiry', async () => {
    const user = await makeAccount(t);
    expect((await me(api.native, user.token)).statusCode).toBe(200);
    const [row] = await t.deps.db.select({ expiresAt: accessTokens.expiresAt }).from(accessTokens).where(eq(accessTokens.accountId, user.id));
    t.clock.advance((row!.expiresAt.getTime() - t.clock.now().getTime()) / 1000);
    expect((await me(api.native, user.token)).statusCode).toBe(401);
  });

  it('refuses an order at once after staff bar the buyer, whose token is cached', async () => {
    const [buyer, admin] = [await makeAccount(t), await makeAccount(t, { role: 'admin' })];
    const [first, second] = [await makeSku(t), await makeSku(t)];
    const order = (skuId: number) => api.native.post('/api/orders', { order: { sku_ids: [skuId], cate: 'game', type: 'one_click' } }, { token: buyer.token });
    expect((await order(first.id)).statusCode).toBe(201);
    const banned = await api.native.patch(`/api/admin/accounts/${buyer.id}/purchase_ban`, { purchase_ban: { banned: true } }, { token: admin.token });
    expect(banned.statusCode).toBe(200);
    const refused = await order(second.id);
    expect([refused.statusCode, refused.json()]).toEqual([403, { errors: { account: ['purchase_ban'] } }]);
  });
});

describe('two instances on one database', () => {
  let second: TestApp;
  let api2: ReturnType<typeof clients>;
  beforeAll(async () => {
    second = await createTestApp({ sameDatabaseAs: t });
    api2 = clients(second);
  });
  afterAll(() => second.close());

  it('refuses on the other instance within one window a token signed out on this one', async () => {
    const user = await makeAccount(t);
    expect((await me(api2.native, user.token)).statusCode).toBe(200);
    expect((await api.native.delete('/api/access_token', { token: user.token })).statusCode).toBe(204);
    expect((await me(api.native, user.token)).statusCode).toBe(401);
    // The other instance hears of it through Redis at once, or stops trusting its copy when the window ends.
    t.clock.advance(SESSION_CACHE_SECONDS);
    expect((await me(api2.native, user.token)).statusCode).toBe(401);
  });

  it('refuses on the other instance within one window the sessions a password change ended', async () => {
    const user = await signUpByPhone(t, api.native);
    const other = await signIn(api.native, user.phone);
    expect((await me(api2.native, other.access_token)).statusCode).toBe(200);
    const changed = await api.native.put('/api/me', { account: { phone_number: user.phone, code: '000000', password: NEW_PASSWORD, current_password: PASSWORD, nickname: `w${Date.now()}`, gender: 'female' } }, { token: user.token });
    expect(changed.statusCode).toBe(200);
    t.clock.advance(SESSION_CACHE_SECONDS);
    expect((await me(api2.native, other.access_token)).statusCode).toBe(401);
    expect((await me(api2.native, user.token)).statusCode).toBe(200);
  });
});
