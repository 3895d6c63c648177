import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_HEARTBEAT_SECONDS, LIVE_KEEP_HOURS, LIVE_RETRY_MS, LIVE_STREAMS_PER_ACCOUNT, parseLiveEventId } from '@lantern/domain';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { HOSTS } from '../support/harness.ts';
import { clients } from '../support/client.ts';
import { signUpByEmail, type SignedUp } from '../support/factories.ts';
import { listen, SseClient } from '../support/live-support.ts';
import { EVERYONE, liveHubOf, pruneLiveEvents, publishLive, pushLiveEvents } from '../../src/modules/live/index.ts';
import { mulberry32 } from '../../src/platform/mulberry32.ts';
import { SESSION_REVOKED_CHANNEL } from '../../src/platform/session-cache.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * GET /api/live over real HTTP (docs/product/messaging.md#live-push): what a signed-in tab receives, that a
 * reconnect resumes where it left off with nothing lost or repeated, broadcasts, heartbeats and the end of a
 * stream whose session ended. With DATABASE_URL and REDIS_URL it runs on PostgreSQL and Redis.
 */
const { t } = useTestApp();
let port: number;
let alice: SignedUp;
let bob: SignedUp;
const open: SseClient[] = [];

async function stream(options: Parameters<typeof SseClient.open>[1] = {}, at = port): Promise<SseClient> {
  const client = await SseClient.open(at, options);
  open.push(client);
  return client;
}

/** Waits for a condition the server reaches on its own (a closed socket noticed), turn by turn of the event loop. */
async function waitFor(condition: () => boolean, limitMs = 10_000) {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function refreshed(user: SignedUp): Promise<SignedUp> {
  const res = await clients(t).native.patch('/api/access_token', { access_token: { refresh_token: user.refreshToken } });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { access_token: string; refresh_token: string };
  return { ...user, token: body.access_token, refreshToken: body.refresh_token };
}

const typesOf = (client: SseClient) => client.events.map((e) => e.event);

beforeAll(async () => {
  port = await listen(t);
  const { native } = clients(t);
  alice = await signUpByEmail(t, native);
  bob = await signUpByEmail(t, native);
});
afterAll(async () => {
  for (const client of open) client.close();
});

describe('the live stream', () => {
  it('answers 401 without a session, and to a token that is no longer valid', async () => {
    const none = await stream();
    await none.untilEnded();
    expect(none.status).toBe(401);
    expect(JSON.parse(none.body)).toMatchObject({ errors: { base: ['unauthorized'] } });
    const stale = await stream({ token: 'not-a-token' });
    await stale.untilEnded();
    expect(stale.status).toBe(401);
  });

  it('opens with the stream headers, a retry hint and ready, then carries the account\'s events and no one else\'s', async () => {
    const client = await stream({ token: alice.token });
    await client.until(() => typesOf(client).includes('ready'));
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(client.headers['cache-control']).toBe('no-store');
    expect(client.headers['x-accel-buffering']).toBe('no');
    expect(client.headers['x-content-type-options']).toBe('nosniff');
    expect(client.headers['content-encoding']).toBeUndefined();
    expect(client.frames[0]).toEqual({ retry: LIVE_RETRY_MS });
    const ready = parseLiveEventId(client.events[0]!.id);
    expect(ready).not.toBeNull();

    await publishLive(t.deps, [{ accountId: bob.id, type: 'secret', data: { for: 'bob' } }]);
    await publishLive(t.deps, [{ accountId: alice.id, type: 'hello', data: { n: 1, badges: { private_messages: 2 } } }]);
    await client.until(() => typesOf(client).includes('hello'));
    expect(typesOf(client)).toEqual(['ready', 'hello']);
    expect(client.events[1]).toEqual({ id: `${ready!.own + 1}.${ready!.everyone}`, event: 'hello', data: { n: 1, badges: { private_messages: 2 } } });
  });

  it('resumes after a gap from Last-Event-ID (or the query) with nothing lost and nothing repeated', async () => {
    const first = await stream({ token: alice.token });
    await first.until(() => typesOf(first).includes('ready'));
    const resumeFrom = first.lastId!;
    first.close();
    await publishLive(t.deps, [{ accountId: alice.id, type: 'missed', data: { n: 1 } }, { accountId: alice.id, type: 'missed', data: { n: 2 } }]);
    await publishLive(t.deps, [{ accountId: EVERYONE, type: 'broadcast', data: { n: 3 } }]);
    await publishLive(t.deps, [{ accountId: alice.id, type: 'missed', data: { n: 4 } }]);

    const second = await stream({ token: alice.token, lastEventId: resumeFrom });
    await second.until(() => second.events.length === 4);
    await publishLive(t.deps, [{ accountId: alice.id, type: 'live', data: { n: 5 } }]);
    await second.until(() => second.events.length === 5);
    expect(second.events.map((e) => (e.data as { n: number }).n).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(second.events.map((e) => e.event)).not.toContain('ready');

    const byQuery = await stream({ token: alice.token, query: `?last_event_id=${encodeURIComponent(resumeFrom)}` });
    await byQuery.until(() => byQuery.events.length === 5);
    expect(byQuery.events.map((e) => (e.data as { n: number }).n).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(byQuery.lastId).toBe(second.lastId);
  });

  it('sends a broadcast to every open stream', async () => {
    const streams = await Promise.all([stream({ token: alice.token }), stream({ token: bob.token }), stream({ token: bob.token })]);
    for (const client of streams) await client.until(() => typesOf(client).includes('ready'));
    await publishLive(t.deps, [{ accountId: EVERYONE, type: 'sale', data: { game: 7 } }]);
    for (const client of streams) await client.until(() => typesOf(client).includes('sale'));
    for (const client of streams) expect(client.events.at(-1)!.data).toEqual({ game: 7 });
  });

  it('beats a heartbeat every interval, and ends the stream a second after its session is signed out', async () => {
    const { native } = clients(t);
    const carol = await signUpByEmail(t, native);
    const client = await stream({ token: carol.token });
    await client.until(() => typesOf(client).includes('ready'));
    const hub = liveHubOf(t.deps)!;
    await hub.tick();
    expect(client.frames.some((f) => f.event === 'heartbeat')).toBe(false);
    t.clock.advance(LIVE_HEARTBEAT_SECONDS);
    await hub.tick();
    await client.until(() => client.frames.some((f) => f.event === 'heartbeat' && f.id === undefined));

    // Signing out announces the revocation: the stream re-checks its session a second later, not at its next beat.
    // The announcement travels through the kv store (Redis: a round trip); the hub hears it with this listener.
    let announced = false;
    const stopListening = await t.deps.kv.subscribe(SESSION_REVOKED_CHANNEL, (id) => (announced ||= Number(id) === carol.id));
    expect((await native.delete('/api/access_token', { token: carol.token })).statusCode).toBeLessThan(300);
    await waitFor(() => announced);
    await stopListening();
    await hub.tick();
    expect(client.ended).toBe(false);
    t.clock.advance(1);
    await hub.tick();
    await client.untilEnded();
  });

  it(`refuses more than ${LIVE_STREAMS_PER_ACCOUNT} streams of one account on an instance (429 too_many)`, async () => {
    const { native } = clients(t);
    const dave = await signUpByEmail(t, native);
    const tabs = [];
    for (let i = 0; i < LIVE_STREAMS_PER_ACCOUNT; i++) tabs.push(await stream({ token: dave.token }));
    for (const tab of tabs) await tab.until(() => typesOf(tab).includes('ready'));
    const extra = await stream({ token: dave.token });
    await extra.untilEnded();
    expect(extra.status).toBe(429);
    expect(JSON.parse(extra.body)).toMatchObject({ errors: { base: ['too_many'] } });

    tabs[0]!.close();
    const hub = liveHubOf(t.deps)!;
    await waitFor(() => hub.countOf(dave.id) < LIVE_STREAMS_PER_ACCOUNT);
    const again = await stream({ token: dave.token });
    await again.until(() => typesOf(again).includes('ready'));
  });

  it('cuts off a client that stops reading once its backlog passes the bound, and the others go on', { timeout: 60_000 }, async () => {
    const { native } = clients(t);
    const erin = await signUpByEmail(t, native);
    const hub = liveHubOf(t.deps)!;
    const stalled = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/api/live', headers: { host: HOSTS.native, authorization: `Bearer ${erin.token}` } }, resolve);
      req.on('error', reject);
      req.end();
    });
    stalled.pause();
    stalled.on('error', () => undefined);
    const reader = await stream({ token: erin.token });
    await reader.until(() => typesOf(reader).includes('ready'));
    await waitFor(() => hub.countOf(erin.id) === 2);
    const bulky = 'x'.repeat(64 * 1024);
    // Pushed straight to the instances, numbered on from the stream's start (no database write per event, so
    // the megabytes pile up fast): the kernel's socket buffers take some first, then the server's own backlog
    // grows past the bound.
    const start = parseLiveEventId(reader.lastId)!;
    let pushed = 0;
    for (; pushed < 2_000 && hub.countOf(erin.id) === 2; pushed++) {
      await pushLiveEvents(t.deps, [{ accountId: erin.id, seq: start.own + pushed + 1, type: 'bulky', data: { bulky }, createdAt: new Date() }]);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(hub.countOf(erin.id)).toBe(1);
    await reader.until(() => typesOf(reader).filter((type) => type === 'bulky').length === pushed, 30_000);
    stalled.destroy();
  });

  it('loses and repeats nothing over thousands of interleaved publishes and reconnects', { timeout: 120_000 }, async () => {
    const random = mulberry32(20261125);
    const expected: number[] = [];
    let n = 0;
    let client = await stream({ token: alice.token });
    await client.until(() => typesOf(client).includes('ready'));
    // As a browser does: the last id any of its connections received.
    let lastId = client.lastId!;
    const received: number[] = [];
    const collect = (from: SseClient) => {
      for (const e of from.events) if (e.event === 'count') received.push((e.data as { n: number }).n);
    };
    for (let round = 0; round < 1000; round++) {
      const batch = Array.from({ length: 1 + Math.floor(random() * 4) }, () => {
        const pick = random();
        const accountId = pick < 0.6 ? alice.id : pick < 0.8 ? EVERYONE : bob.id;
        const input = { accountId, type: 'count', data: { n: ++n } };
        if (accountId !== bob.id) expected.push(n);
        return [input];
      });
      // Several writers at once (their pushes may arrive in another order than they committed), and now and
      // then the tab reconnects while they write.
      const reconnect = async () => {
        lastId = client.lastId ?? lastId;
        client.close();
        collect(client);
        client = await stream({ token: alice.token, lastEventId: lastId });
      };
      await Promise.all([...batch.map((inputs) => publishLive(t.deps, inputs)), ...(random() < 0.15 ? [reconnect()] : [])]);
    }
    await client.until(() => received.length + client.events.filter((e) => e.event === 'count').length >= expected.length);
    collect(client);
    expect(new Set(received).size).toBe(received.length);
    expect([...received].sort((a, b) => a - b)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(1500);
  });

  it('tells a reader to reset when its resume point was pruned, or is not one this stream gave, and goes on from now', async () => {
    const first = await stream({ token: alice.token });
    await first.until(() => typesOf(first).includes('ready'));
    const old = first.lastId!;
    first.close();
    await publishLive(t.deps, [{ accountId: alice.id, type: 'old', data: {} }]);
    t.clock.advance(LIVE_KEEP_HOURS * 3600 + 1);
    expect(await pruneLiveEvents(t.deps)).toBeGreaterThan(0);
    // A day later the access token has long expired: the browser refreshes its session, then resumes.
    alice = await refreshed(alice);

    const late = await stream({ token: alice.token, lastEventId: old });
    await late.until(() => typesOf(late).includes('reset'));
    await publishLive(t.deps, [{ accountId: alice.id, type: 'fresh', data: {} }]);
    await late.until(() => typesOf(late).includes('fresh'));
    expect(typesOf(late)).toEqual(['reset', 'fresh']);

    const foreign = await stream({ token: alice.token, lastEventId: '999999.999999' });
    await foreign.until(() => typesOf(foreign).includes('reset'));
    expect(parseLiveEventId(foreign.lastId)).toEqual(parseLiveEventId(late.lastId));
  });
});
