import { afterAll, beforeAll, expect, it } from 'vitest';
import { luaScript, RedisStore } from '../../src/platform/kv.ts';
import { RedisUnavailableError } from '../../src/platform/redis-link.ts';
import { SessionCache } from '../../src/platform/session-cache.ts';
import { TestClock } from '../support/harness.ts';
import { freeLoopbackPort } from '../support/private-redis.ts';

/**
 * A RedisStore whose Redis is not there (a loopback port nobody listens on): every call answers at once from
 * the fallback decision 0049 gives it, and nothing throws or waits for Redis
 * (docs/decisions/0049-redis-deadlines-and-fallbacks.md). With a Redis that goes away mid-run:
 * redis-outage.redis.test.ts.
 */
let store: RedisStore;
beforeAll(async () => {
  store = new RedisStore(`redis://127.0.0.1:${await freeLoopbackPort()}`, 'fallback-test:');
});
afterAll(() => store.close());

it('says it is unreachable', () => {
  expect(store.reachable()).toBe(false);
});

it("counts in the instance's memory, so a limit still holds", async () => {
  expect(await store.incr('rl:a', 60)).toBe(1);
  expect(await store.incr('rl:a', 60)).toBe(2);
  expect(await store.ttl('rl:a')).toBe(60);
  await store.decr('rl:a');
  expect(await store.get('rl:a')).toBe('1');
  await store.set('captcha:x', 'answer', 60);
  expect(await store.take('captcha:x')).toBe('answer');
  expect(await store.take('captcha:x')).toBeNull();
});

it("delivers a publish to this instance's own subscribers", async () => {
  const heard = new Promise<string>((resolve) => {
    void store.subscribe('live:events', resolve);
  });
  await store.publish('live:events', 'hello');
  expect(await heard).toBe('hello');
});

it('fails a script at once, for its caller to fall back', async () => {
  await expect(store.scripts.run(luaScript('return 1'), ['k'], [])).rejects.toBeInstanceOf(RedisUnavailableError);
});

it('keeps no session lookup in the cache while it cannot hear revocations', async () => {
  const sessions = new SessionCache(new TestClock(), store);
  sessions.set('token', 7, { accountId: 7 }, new Date(Date.now() + 3_600_000));
  expect(sessions.get('token')).toBeUndefined();
});
