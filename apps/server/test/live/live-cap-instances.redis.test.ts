import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_HEARTBEAT_SECONDS, LIVE_SILENCE_TIMEOUT_MS, LIVE_STREAMS_PER_ACCOUNT } from '@lantern/domain';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { clients } from '../support/client.ts';
import { signUpByEmail } from '../support/factories.ts';
import { listen, SseClient } from '../support/live-support.ts';
import { liveHubOf } from '../../src/modules/live/index.ts';
import { streamSlots } from '../../src/modules/live/stream-slots.ts';
import { luaScript } from '../../src/platform/kv.ts';

/**
 * With Redis only: the cap on one account's live streams holds across instances (docs/product/messaging.md#live-push).
 * Two instances on one database and Redis, each on its own port as behind a load balancer: the account's tabs
 * spread over both count together, a stream that ends frees its place for either, and a stream's lease is kept
 * by its heartbeats.
 */
let a: TestApp;
let b: TestApp;
let portA: number;
let portB: number;
const open: SseClient[] = [];

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ sameDatabaseAs: a });
  portA = await listen(a);
  portB = await listen(b);
});
afterAll(async () => {
  for (const client of open) client.close();
  await b.close();
  await a.close();
});

async function tab(port: number, token: string): Promise<SseClient> {
  const client = await SseClient.open(port, { token });
  open.push(client);
  return client;
}
const ZCARD = luaScript(`return redis.call('zcard', KEYS[1])`);
/** The account's leases in Redis, as every instance counts them. */
const leasesOf = async (accountId: number) => Number(await a.deps.kv.scripts!.run(ZCARD, [`live:streams:${accountId}`], []));

/** Waits for a condition on what the instances hold, turn by turn of the event loop (never a sleep); 10 s at most. */
async function waitFor(condition: () => Promise<boolean>) {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const ready = (client: SseClient) => client.until(() => client.events.some((e) => e.event === 'ready'));

async function refused(port: number, token: string) {
  const extra = await tab(port, token);
  await extra.untilEnded();
  expect(extra.status).toBe(429);
  expect(JSON.parse(extra.body)).toMatchObject({ errors: { base: ['too_many'] } });
}

describe('the live-stream cap across instances', () => {
  it(`counts an account's streams on both instances together: ${LIVE_STREAMS_PER_ACCOUNT} in all, then 429 on either`, async () => {
    const user = await signUpByEmail(a, clients(a).native);
    const tabs: SseClient[] = [];
    for (let i = 0; i < LIVE_STREAMS_PER_ACCOUNT; i++) tabs.push(await tab(i % 2 === 0 ? portA : portB, user.token));
    for (const t of tabs) await ready(t);
    expect(liveHubOf(a.deps)!.countOf(user.id) + liveHubOf(b.deps)!.countOf(user.id)).toBe(LIVE_STREAMS_PER_ACCOUNT);
    await refused(portA, user.token);
    await refused(portB, user.token);

    // A tab closed on A frees a place that a tab on B takes.
    expect(await leasesOf(user.id)).toBe(LIVE_STREAMS_PER_ACCOUNT);
    tabs[0]!.close();
    await waitFor(async () => (await leasesOf(user.id)) === LIVE_STREAMS_PER_ACCOUNT - 1);
    const onB = await tab(portB, user.token);
    await ready(onB);
    await refused(portA, user.token);
  });

  it('keeps a stream\'s place while it beats', async () => {
    const user = await signUpByEmail(a, clients(a).native);
    const tabs: SseClient[] = [];
    for (let i = 0; i < LIVE_STREAMS_PER_ACCOUNT; i++) tabs.push(await tab(portA, user.token));
    for (const t of tabs) await ready(t);
    // Past several lease lengths, with the heartbeats on the way: the places are still held.
    for (let beat = 0; beat < 4; beat++) {
      a.clock.advance(LIVE_HEARTBEAT_SECONDS);
      await liveHubOf(a.deps)!.tick();
    }
    await refused(portB, user.token);
  });

  it('lets the places of streams that stopped beating (an instance that died) lapse after the silence timeout', async () => {
    // No such account is needed: the leases are keyed by id under this test's own key prefix.
    const accountId = 424_242;
    const slots = streamSlots(a.deps, () => 0);
    for (let i = 0; i < LIVE_STREAMS_PER_ACCOUNT; i++) expect(await slots.acquire(accountId, `dead-${i}`)).toBe(true);
    expect(await slots.acquire(accountId, 'extra')).toBe(false);
    a.clock.advance(Math.ceil(LIVE_SILENCE_TIMEOUT_MS / 1000) + 1);
    expect(await slots.acquire(accountId, 'extra')).toBe(true);
    expect(await leasesOf(accountId)).toBe(1);
  });
});
