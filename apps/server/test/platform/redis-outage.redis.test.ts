import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { clients } from '../support/client.ts';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { keysForSale } from '../support/keys-factories.ts';
import { PASSWORD, nextIp, signUpByEmail } from '../support/factories.ts';
import { buyGame, fundWallet, orderRowOf, walletBalance } from '../support/payments-factories.ts';
import { privateRedis, type PrivateRedis } from '../support/private-redis.ts';
import { seckillItems } from '../../src/modules/promotions/tables.ts';
import { pushLiveEvents, LIVE_CHANNEL } from '../../src/modules/live/events.ts';

/**
 * Redis stopping under two running instances (issue 27, docs/decisions/0049-redis-deadlines-and-fallbacks.md):
 * every answer still comes within about a second, a committed write is answered as committed, a revoked token
 * is refused on the other instance, the rate limit still holds (per instance), and /readyz says what is
 * degraded. Runs in the PostgreSQL and Redis tier (vitest.config.ts) on a redis-server of its own, which it
 * kills mid-test — the tier's shared Redis is never stopped.
 */

/** Generous for "about a second": the test measures the whole request on a loaded two-core machine. */
const PROMPT_MS = 2_000;

let redis: PrivateRedis;
let first: TestApp;
let second: TestApp;
let api: ReturnType<typeof clients>;
let api2: ReturnType<typeof clients>;
let admin: { id: number; token: string };

beforeAll(async () => {
  redis = await privateRedis();
  await redis.start();
  const env = { REDIS_URL: redis.url, CAPTCHAS_PER_IP_PER_MINUTE: '2' };
  first = await createTestApp({ env });
  second = await createTestApp({ env, sameDatabaseAs: first });
  api = clients(first);
  api2 = clients(second);
  admin = await makeAccount(first, { role: 'admin' });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await redis?.stop();
});

/** Waits, as an event, until the instance sees Redis as `reachable` (its connections report it). */
function until(t: TestApp, reachable: boolean): Promise<void> {
  if (t.deps.kv.reachable!() === reachable) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = t.deps.kv.watchReachability!((now) => {
      if (now !== reachable) return;
      stop();
      resolve();
    });
  });
}

async function stopRedis() {
  await redis.stop();
  await Promise.all([until(first, false), until(second, false)]);
}

beforeEach(async () => {
  await redis.start();
  await Promise.all([until(first, true), until(second, true)]);
});

/** Runs a request and answers it with how long it took. */
async function timed<T>(request: () => Promise<T>): Promise<{ res: T; ms: number }> {
  const started = performance.now();
  const res = await request();
  return { res, ms: performance.now() - started };
}

describe('while Redis is silent (paused: its connections stay open)', () => {
  it('signs in within a deadline, then runs on the fallbacks until Redis answers again', async () => {
    const user = await signUpByEmail(first, api.native);
    redis.pause();
    try {
      const signIn = await timed(() => api.native.post('/api/access_token', { access_token: { login: user.email, password: PASSWORD } }, { ip: nextIp() }));
      expect(signIn.res.statusCode, signIn.res.body).toBe(201);
      expect(signIn.ms).toBeLessThan(PROMPT_MS);
      // The first command that timed out stopped the others from waiting: the instance knows Redis is away.
      expect(first.deps.kv.reachable!()).toBe(false);
      expect((await api.native.get('/readyz')).json().checks.kv).toBe('unreachable');
    } finally {
      redis.resume();
    }
    await until(first, true);
    expect((await api.native.get('/readyz')).json().checks.kv).toBe('ok');
  });
});

describe('while Redis is away', () => {
  it('signs in and out at once', async () => {
    const user = await signUpByEmail(first, api.native);
    await stopRedis();

    const signIn = await timed(() => api.native.post('/api/access_token', { access_token: { login: user.email, password: PASSWORD } }, { ip: nextIp() }));
    expect(signIn.res.statusCode, signIn.res.body).toBe(201);
    expect(signIn.ms).toBeLessThan(PROMPT_MS);
    const token = signIn.res.json().access_token as string;

    expect((await api2.native.get('/api/me', { token })).statusCode).toBe(200);
    const signOut = await timed(() => api.native.delete('/api/access_token', { token }));
    expect(signOut.res.statusCode).toBe(204);
    expect(signOut.ms).toBeLessThan(PROMPT_MS);
    expect((await api.native.get('/api/me', { token })).statusCode).toBe(401);
  });

  it('refuses on the other instance a token revoked on this one (sessions are checked in the database)', async () => {
    const user = await makeAccount(first);
    // Looked up (and cached) by the second instance while Redis was still there.
    expect((await api2.native.get('/api/me', { token: user.token })).statusCode).toBe(200);
    await stopRedis();
    expect((await api2.native.get('/api/me', { token: user.token })).statusCode).toBe(200);

    const signOut = await timed(() => api.native.delete('/api/access_token', { token: user.token }));
    expect(signOut.res.statusCode).toBe(204);
    expect(signOut.ms).toBeLessThan(PROMPT_MS);
    // No message could travel: the second instance refuses it because it asks the database.
    const after = await timed(() => api2.native.get('/api/me', { token: user.token }));
    expect(after.res.statusCode).toBe(401);
    expect(after.ms).toBeLessThan(PROMPT_MS);
  });

  it('takes an order and its wallet payment, and answers each as committed', async () => {
    await stopRedis();
    const placed = await timed(() => buyGame(first, api, { sku: { listPrice: 500 } }));
    expect(placed.ms).toBeLessThan(PROMPT_MS * 3);
    const { buyer, order } = placed.res;
    await fundWallet(first, buyer.id, 'CNY', order.total_amount);

    const pay = await timed(() => api.native.patch(`/api/orders/${order.id}/pay`, { payment_method: 'wallet', payment_from: 'web', version: order.version }, { token: buyer.token }));
    expect(pay.res.statusCode, pay.res.body).toBe(200);
    expect(pay.res.json()).toMatchObject({ status: 'complete', order_id: order.id });
    expect(pay.ms).toBeLessThan(PROMPT_MS);
    expect((await orderRowOf(first, order.id)).state).toBe('completed');
    // Retried (the buyer never saw the first answer): answered the first call's payment, nothing taken twice (decisions/0057).
    const retried = await api2.native.patch(`/api/orders/${order.id}/pay`, { payment_method: 'wallet', payment_from: 'web', version: order.version }, { token: buyer.token });
    expect([retried.statusCode, retried.json()]).toEqual([200, pay.res.json()]);
    expect(await walletBalance(first, buyer.id)).toBe(0);
    // The order page on the other instance says so too.
    const seen = await api2.native.get(`/api/me/orders/${order.id}`, { token: buyer.token });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().state).toBe('completed');
  });

  it('sells a flash sale through PostgreSQL alone, never more than its stock, each buyer answered at once', async () => {
    const stock = 2;
    const sku = await makeSku(first, { product: { cate: 'virtual', kind: 'virtual' } });
    await keysForSale(first, sku.id, stock);
    const nowSec = Math.floor(first.clock.now().getTime() / 1000);
    const created = await api.native.post('/api/admin/sec_kills', {
      sec_kill: { area: 'native', title: { chs: '限时', en: 'Flash' }, from_timestamp: nowSec - 60, to_timestamp: nowSec + 7200, items: [{ sku_id: sku.id, price: 100, stock, buy_limit: 1 }] },
    }, { token: admin.token });
    expect(created.statusCode, created.body).toBe(201);
    const event = { id: created.json().id as number, itemId: created.json().items[0].id as number };
    const buyers = await Promise.all(Array.from({ length: 5 }, () => makeAccount(first)));
    await stopRedis();

    const answers = await Promise.all(buyers.map((buyer, i) => timed(() => (i % 2 ? api2 : api).native.post('/api/sec_kill', { sec_kill: { id: event.id } }, { token: buyer.token }))));
    expect(answers.filter((a) => a.res.statusCode === 201)).toHaveLength(stock);
    for (const a of answers) expect(a.res.statusCode).toBeLessThan(500);
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(PROMPT_MS);
    const [item] = await first.deps.db.select({ left: seckillItems.left }).from(seckillItems).where(eq(seckillItems.id, event.itemId));
    expect(item!.left).toBe(0);
  });

  it("keeps a route's rate limit in the instance's own memory", async () => {
    await stopRedis();
    const ip = nextIp();
    for (let i = 0; i < 2; i++) expect((await api.native.post('/api/captchas', undefined, { ip })).statusCode).toBe(201);
    const refused = await timed(() => api.native.post('/api/captchas', undefined, { ip }));
    expect(refused.res.statusCode).toBe(429);
    expect(refused.res.json().errors).toEqual({ base: ['rate_limit'] });
    expect(refused.ms).toBeLessThan(PROMPT_MS);
  });

  it('pushes live events to the streams of this instance', async () => {
    await stopRedis();
    const heard = new Promise<string>((resolve) => {
      void first.deps.kv.subscribe(LIVE_CHANNEL, resolve);
    });
    const event = { accountId: 1, seq: 1, type: 'notice', data: null, createdAt: first.clock.now() };
    await pushLiveEvents(first.deps, [event as never]);
    expect(JSON.parse(await heard)).toHaveLength(1);
  });

  it('stays ready and says what runs on its fallback, until Redis is back', async () => {
    await stopRedis();
    const degraded = await api.native.get('/readyz');
    expect(degraded.statusCode).toBe(200);
    expect(degraded.json()).toMatchObject({ status: 'ready', checks: { database: 'ok', kv: 'unreachable' } });
    expect(degraded.json().degraded).toContain('live_push_local_only');
    expect(degraded.json().degraded).toContain('sessions_checked_in_database');

    await redis.start();
    await until(first, true);
    const back = await api.native.get('/readyz');
    expect(back.json()).toEqual({ status: 'ready', checks: { database: 'ok', kv: 'ok' } });
  });
});
