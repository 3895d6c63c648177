import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { privateCluster, type PrivateCluster } from './rig/postgres.ts';
import { faultRedis, type FaultRedis } from './rig/redis.ts';
import { productionEnv, startInstance, type Instance } from './rig/instance.ts';
import { admin, buyers, openWorld, skuWithKeys, type World } from './rig/world.ts';
import { Journal, inParallel, spread, until, type Answer } from './rig/http.ts';
import { checkout, pay, type CheckoutOutcome } from './rig/checkout.ts';
import { flashBuy, type FlashOutcome } from './rig/flash.ts';
import { HoldingsWatch, type Holdings } from './rig/holdings.ts';
import { brokenInvariants, INVARIANT_COUNT } from './rig/invariants.ts';
import { Figures } from './rig/figures.ts';

/**
 * The composed fault tier (issue 27; docs/operations.md#reliability): two real server processes in production
 * mode on a PostgreSQL cluster and a Redis of the tier's own, and four faults in the middle of traffic — an
 * instance killed with SIGKILL mid checkout rush and mid flash-sale rush, PostgreSQL restarted mid rush, Redis
 * stopped for 20 s. Each scenario measures what the fault cost (recovery times, answers) and asserts the bounds
 * the store promises, then checks the money, key and stock invariants in SQL. Scenarios run in order on one
 * cluster; a killed instance is started again before the next.
 */

const BASE_PORT = Number(process.env.FAULT_HTTP_PORT ?? 3330);
const PORTS = { a: { native: BASE_PORT, abroad: BASE_PORT + 1 }, b: { native: BASE_PORT + 2, abroad: BASE_PORT + 3 } };

/** The bounds promised (docs/operations.md#reliability). */
const PAY_LOCK_GONE_MS = 5_000;
const RESERVATIONS_BACK_MS = 10_000;
const LEASES_TAKEN_MS = 30_000;
const SERVING_AFTER_DATABASE_MS = 3_000;
const REDIS_OUTAGE_MS = 20_000;
/**
 * "No request waits more than about a second on a missing Redis", as the tier can see it on two shared cores: the
 * outage's 95th percentile may be at most this much above that of the same traffic in the 10 s just before it (a
 * request that waited on Redis — a 400 ms command deadline, a queue — would move it). A single request's time on
 * a loaded machine moves by seconds, so the slowest is printed, not bounded; the per-request bound is proven
 * in process by test/platform/redis-outage.redis.test.ts.
 */
const REDIS_EXTRA_WAIT_MS = 1_000;
/** The baseline phase of the Redis scenario: the same traffic, Redis there. */
const BASELINE_MS = 10_000;
/** Buyers the baseline may use; the other 100 of the scenario's 140 are left for the outage. */
const BASELINE_BUYERS = 40;

let scratch: string;
let cluster: PrivateCluster | undefined;
let redis: FaultRedis | undefined;
let world: World | undefined;
let watch: HoldingsWatch;
let a: Instance;
let b: Instance;
const running = new Set<Instance>();
const figures = new Figures();

function start(name: 'a' | 'b'): Promise<Instance> {
  return startInstance({ name, ports: PORTS[name], env: productionEnv(cluster!.url, redis!.url), logDir: scratch, storageDir: join(scratch, 'uploads') })
    .then((instance) => {
      running.add(instance);
      return instance;
    });
}

/** Whatever happens to the test process, nothing it started is left running. */
function cleanUpNow() {
  for (const instance of running) {
    try {
      process.kill(instance.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  cluster?.remove();
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'lantern-fault-'));
  process.once('exit', cleanUpNow);
  cluster = await privateCluster();
  redis = faultRedis();
  await redis.start();
  // Composing the seeding handle applies the migrations once, before any instance starts.
  world = await openWorld(cluster.url);
  watch = new HoldingsWatch(cluster.url);
  const started = performance.now();
  [a, b] = await Promise.all([start('a'), start('b')]);
  console.log(`[fault] two instances ready in ${Math.round(performance.now() - started)} ms`);
});

afterAll(async () => {
  figures.print();
  await Promise.all([...running].map((instance) => instance.kill()));
  await watch?.close();
  await world?.close();
  await redis?.stop();
  cluster?.remove();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

interface Kill {
  at: number;
  wall: Date;
  held: Holdings;
  /** Ms from the kill until each thing it held was let go, watched from the kill on (NaN: not within its bound). */
  locksGone: Promise<number>;
  reservationsBack: Promise<number>;
  leasesTaken: Promise<number>;
}

/** Reads what the victim holds, kills it with SIGKILL, and starts watching what it held come back. */
async function killMidRush(victim: Instance): Promise<Kill> {
  const held = await watch.of(victim);
  const wall = new Date();
  const at = performance.now();
  await victim.kill();
  running.delete(victim);
  const since = (watching: Promise<unknown>) => watching.then(() => performance.now() - at, () => Number.NaN);
  return {
    at, wall, held,
    locksGone: since(watch.locksGone(held, PAY_LOCK_GONE_MS * 2)),
    reservationsBack: since(watch.reservationsBack(wall, RESERVATIONS_BACK_MS * 2)),
    leasesTaken: since(watch.leasesAndClaimsTaken(victim, wall, LEASES_TAKEN_MS * 2)),
  };
}

/** A scenario that killed an instance starts it again, passed or failed, so the next scenario has two. */
afterEach(async () => {
  if (a.ended() !== null) a = await start('a');
  if (b.ended() !== null) b = await start('b');
});

/** Every 5xx answered with status 500 (never acceptable) and every call a checkout found had committed behind a 5xx. */
function failuresOf(journal: Journal, outcomes: readonly (CheckoutOutcome | FlashOutcome)[]) {
  return {
    status500: journal.answers.filter((x) => x.status === 500),
    committedBehind5xx: outcomes.flatMap((o) => o.fiveHundredForCommitted),
    unexpected: outcomes.flatMap((o) => o.unexpected).map((x) => `${x.instance} ${x.method} ${x.path} ${x.status} ${JSON.stringify(x.body)}`),
  };
}

const count = (answers: readonly Answer[], status: number | null) => answers.filter((x) => x.status === status).length;

describe('an instance killed with SIGKILL', () => {
  it('mid checkout rush: its pay locks die with it, every buyer pays once on the other instance, no 500', async () => {
    const journal = new Journal();
    const sku = await skuWithKeys(world!, 'game', 100, 150, 'CHECKOUT');
    const people = await buyers(world!, 120, 300);
    let kill: Promise<Kill> | undefined;
    let done = 0;
    const outcomes: CheckoutOutcome[] = [];
    const started = performance.now();
    await inParallel(people, 24, async (buyer, i) => {
      outcomes.push(await checkout(journal, buyer, sku.id, i % 2 === 0 ? a : b, b));
      if (++done === 40) kill = killMidRush(a);
    });
    const killed = await kill!;
    const rushMs = performance.now() - started;
    const locksGone = await killed.locksGone;
    const cutOff = outcomes.filter((o) => o.lostConnection);
    const cutOffPaidAfter = cutOff.map((o) => o.paidAt - killed.at);
    // A buyer told "busy" once the dead instance's lock should be gone is a lock that outlived its holder.
    const busyTooLate = journal.answers.filter((x) => x.status === 409 && x.startedAt > killed.at + PAY_LOCK_GONE_MS);
    const leases = await killed.leasesTaken;
    const failures = failuresOf(journal, outcomes);
    const broken = await brokenInvariants(cluster!.url);

    figures.record('1. SIGKILL mid checkout rush (place + wallet pay)', {
      buyers: people.length, requests: journal.answers.length, rush_ms: Math.round(rushMs),
      held_at_death: { pay_locks: killed.held.payLocks, lock_sessions: killed.held.lockSessions.length, job_leases: killed.held.jobLeases, outbox_claims: killed.held.outboxClaims },
      connections_lost: count(journal.answers, null), answered_409_busy: count(journal.answers, 409),
      pay_lock_gone_ms: Math.round(locksGone), answered_409_busy_after_5s: busyTooLate.length,
      cut_off_buyers: cutOff.length, cut_off_paid_after_kill_ms: spread(cutOffPaidAfter),
      job_leases_and_outbox_claims_taken_ms: Math.round(leases),
      status_5xx: journal.withStatus(500).length, invariants_broken: broken.length, invariants_checked: INVARIANT_COUNT,
    });
    expect(new Set(outcomes.map((o) => o.orderId)).size).toBe(people.length);
    expect(failures).toEqual({ status500: [], committedBehind5xx: [], unexpected: [] });
    expect(locksGone).toBeLessThan(PAY_LOCK_GONE_MS);
    expect(busyTooLate).toEqual([]);
    expect(leases).toBeLessThan(LEASES_TAKEN_MS);
    expect(broken).toEqual([]);
  });

  it('mid flash-sale rush: its reservations are back on sale within 10 s, never more sold than stock, no 500', async () => {
    const journal = new Journal();
    const stock = 60;
    const sku = await skuWithKeys(world!, 'virtual', 100, stock, 'FLASH');
    const boss = await admin(world!);
    const nowSec = Math.floor(Date.now() / 1000);
    const created = await journal.call(b, 'native', 'POST', '/api/admin/sec_kills', {
      token: boss.token,
      body: { sec_kill: { area: 'native', title: { chs: '限时', en: 'Flash' }, from_timestamp: nowSec - 60, to_timestamp: nowSec + 3600, items: [{ sku_id: sku.id, price: 100, stock, buy_limit: 1 }] } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const eventId = (created.body as { id: number }).id;
    const people = await buyers(world!, 150, 300);
    let kill: Promise<Kill> | undefined;
    let answered = 0;
    const outcomes: { buyer: (typeof people)[number]; outcome: FlashOutcome }[] = [];
    const started = performance.now();
    await inParallel(people, 50, async (buyer, i) => {
      outcomes.push({ buyer, outcome: await flashBuy(journal, buyer, eventId, i % 2 === 0 ? a : b, b, 60_000) });
      if (++answered === 30) kill = killMidRush(a);
    });
    const killed = await kill!;
    const rushMs = performance.now() - started;
    const reservationsBack = await killed.reservationsBack;
    const leases = await killed.leasesTaken;

    // The winners pay on the instance still alive: the units set aside for the sale become their keys.
    const winners = outcomes.filter((o) => o.outcome.orderId !== null);
    const paid: CheckoutOutcome[] = [];
    await inParallel(winners, 16, async ({ buyer, outcome }) => {
      const payment: CheckoutOutcome = { orderId: outcome.orderId!, lostConnection: false, paidAt: 0, fiveHundredForCommitted: [], unexpected: [] };
      paid.push(await pay(journal, buyer, { id: outcome.orderId!, version: 0 }, () => b, b, payment, performance.now() + 20_000));
    });
    const failures = failuresOf(journal, [...outcomes.map((o) => o.outcome), ...paid]);
    const broken = await brokenInvariants(cluster!.url);
    const unitsLeft = await watch.unitsLeft(eventId);
    const refusals = Object.fromEntries([...new Set(outcomes.map((o) => o.outcome.refusal))].filter(Boolean).map((r) => [r, outcomes.filter((o) => o.outcome.refusal === r).length]));

    figures.record('2. SIGKILL mid flash-sale rush', {
      buyers: people.length, stock, requests: journal.answers.length, rush_ms: Math.round(rushMs),
      held_at_death: { reservations_without_order: killed.held.reservations, job_leases: killed.held.jobLeases, outbox_claims: killed.held.outboxClaims },
      connections_lost: count(journal.answers, null), sold_to_buyers_who_know: winners.length, units_left_after: unitsLeft, refused: refusals,
      reservations_back_ms: Math.round(reservationsBack), job_leases_and_outbox_claims_taken_ms: Math.round(leases),
      buy_ms: spread(journal.answers.filter((x) => x.path === '/api/sec_kill' && x.status !== null).map((x) => x.ms)),
      status_5xx: journal.withStatus(500).length, invariants_broken: broken.length,
    });
    expect(winners.length).toBeLessThanOrEqual(stock);
    // Every unit is sold to a buyer who knows it (their order answered, or found in their list) or back on sale.
    expect(winners.length + unitsLeft).toBe(stock);
    expect(new Set(winners.map((w) => w.outcome.orderId)).size).toBe(winners.length);
    expect(failures).toEqual({ status500: [], committedBehind5xx: [], unexpected: [] });
    expect(reservationsBack).toBeLessThan(RESERVATIONS_BACK_MS);
    expect(leases).toBeLessThan(LEASES_TAKEN_MS);
    expect(broken).toEqual([]);
  });
});

describe('PostgreSQL restarted mid rush', () => {
  it('no process exits, both serve again within 3 s of the database, no 500, every buyer pays once', async () => {
    const journal = new Journal();
    const sku = await skuWithKeys(world!, 'game', 100, 150, 'RESTART');
    const people = await buyers(world!, 120, 300);
    const instances = [a, b];
    let restart: Promise<{ at: number; backAt: number }> | undefined;
    let done = 0;
    const outcomes: CheckoutOutcome[] = [];
    // Each instance's /readyz, asked every 50 ms from the restart on, until both answered ready after it.
    const probes: { instance: string; at: number; status: number | null }[] = [];
    let probing = false;
    const probe = async (instance: Instance) => {
      while (probing) {
        const res = await journal.call(instance, 'native', 'GET', '/readyz');
        probes.push({ instance: instance.name, at: performance.now(), status: res.status });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    let probed: Promise<unknown> = Promise.resolve();
    const started = performance.now();
    await inParallel(people, 24, async (buyer, i) => {
      outcomes.push(await checkout(journal, buyer, sku.id, instances[i % 2]!, instances[(i + 1) % 2]!));
      if (++done === 30) {
        restart = (async () => {
          probing = true;
          probed = Promise.all(instances.map(probe));
          const at = performance.now();
          await cluster!.restart('immediate');
          return { at, backAt: performance.now() };
        })();
      }
    });
    const { at, backAt } = await restart!;
    const rushMs = performance.now() - started;
    const readyAfter = await Promise.all(instances.map((instance) => until(`${instance.name} ready after the restart`,
      () => probes.some((p) => p.instance === instance.name && p.at > backAt && p.status === 200), 10_000, 20)
      .then(() => probes.find((p) => p.instance === instance.name && p.at > backAt && p.status === 200)!.at - backAt)));
    probing = false;
    await probed;
    const writes = journal.answers.filter((x) => x.path !== '/readyz');
    const firstWriteAfter = instances.map((instance) => {
      const served = writes.filter((x) => x.instance === instance.name && x.startedAt > backAt && x.status !== null && x.status < 500);
      return served.length ? Math.round(Math.min(...served.map((x) => x.startedAt + x.ms)) - backAt) : null;
    });
    const failures = failuresOf(journal, outcomes);
    const broken = await brokenInvariants(cluster!.url);

    figures.record('3. PostgreSQL restarted (pg_ctl restart -m immediate) mid checkout rush', {
      buyers: people.length, requests: writes.length, rush_ms: Math.round(rushMs),
      database_down_ms: Math.round(backAt - at),
      ready_after_database_back_ms: readyAfter.map(Math.round), first_answer_after_database_back_ms: firstWriteAfter,
      answered_503: count(writes, 503), connections_lost: count(writes, null), status_500: count(journal.answers, 500),
      processes: instances.map((i) => `${i.name}: ${i.ended() ?? 'running'}`),
      invariants_broken: broken.length,
    });
    expect(instances.map((i) => i.ended())).toEqual([null, null]);
    for (const ms of readyAfter) expect(ms).toBeLessThan(SERVING_AFTER_DATABASE_MS);
    expect(new Set(outcomes.map((o) => o.orderId)).size).toBe(people.length);
    expect(failures).toEqual({ status500: [], committedBehind5xx: [], unexpected: [] });
    expect(broken).toEqual([]);
  });
});

describe('Redis stopped for 20 s under traffic', () => {
  it('no request waits on it, a token revoked on one instance is refused on the other, every checkout commits once', async () => {
    const journal = new Journal();
    const sku = await skuWithKeys(world!, 'game', 100, 160, 'REDIS');
    const people = await buyers(world!, 140, 300);
    const sessions = await buyers(world!, 14, 0);
    const instances = [a, b];
    // Looked up (and cached) on both instances while Redis is there.
    for (const s of sessions) for (const instance of instances) expect((await journal.call(instance, 'native', 'GET', '/api/me', { token: s.token })).status).toBe(200);

    // The same traffic in both phases: checkouts on both instances and signed-in reads.
    const outcomes: CheckoutOutcome[] = [];
    let nextBuyer = 0;
    // Each phase has buyers of its own: on a quick machine the baseline would otherwise use them all up and leave
    // the outage no checkouts to prove anything by.
    const traffic = (ends: number, buyersUpTo: number) => {
      const buying = async (lane: number) => {
        while (performance.now() < ends && nextBuyer < buyersUpTo) {
          outcomes.push(await checkout(journal, people[nextBuyer++]!, sku.id, instances[lane % 2]!, instances[(lane + 1) % 2]!));
        }
      };
      const reading = async (lane: number) => {
        for (let i = 0; performance.now() < ends; i++) await journal.call(instances[(lane + i) % 2]!, 'native', 'GET', '/api/me', { token: sessions[12 + (i % 2)]!.token });
      };
      return Promise.all([buying(0), buying(1), buying(2), buying(3), reading(0), reading(1)]);
    };
    // Baseline: what this machine takes for that traffic with Redis there (it runs other work too).
    const baselineFrom = journal.answers.length;
    await traffic(performance.now() + BASELINE_MS, BASELINE_BUYERS);
    const baseline = journal.answers.slice(baselineFrom).map((x) => x.ms);

    const kvOf = async (instance: Instance) => ((await journal.call(instance, 'native', 'GET', '/readyz')).body as { checks?: { kv?: string } } | null)?.checks?.kv;
    const stoppedAt = performance.now();
    await redis!.stop();
    const outageFrom = journal.answers.length;
    const outageEnds = stoppedAt + REDIS_OUTAGE_MS;
    const noticed = Promise.all(instances.map((instance) => until(`${instance.name} notices Redis gone`, async () => (await kvOf(instance)) === 'unreachable', 5_000, 20)));
    // Sign-outs during the outage, each token then used on the other instance (and this one).
    const revoked: string[] = [];
    const revokedAccepted: Answer[] = [];
    const signingOut = async () => {
      for (let i = 0; i < 12 && performance.now() < outageEnds - 1_000; i++) {
        const out = await journal.call(instances[i % 2]!, 'native', 'DELETE', '/api/access_token', { token: sessions[i]!.token });
        expect(out.status).toBe(204);
        revoked.push(sessions[i]!.token);
        for (const instance of [instances[(i + 1) % 2]!, instances[i % 2]!]) {
          const res = await journal.call(instance, 'native', 'GET', '/api/me', { token: sessions[i]!.token });
          if (res.status !== 401) revokedAccepted.push(res);
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    };
    const outageCheckouts = outcomes.length;
    await Promise.all([traffic(outageEnds - 1_000, people.length), signingOut(), noticed]);
    const during = journal.answers.slice(outageFrom);
    // The outage itself: Redis stays down its 20 s whatever the traffic did.
    await until('the 20 s outage', () => performance.now() >= outageEnds, REDIS_OUTAGE_MS + 5_000, 100);
    await redis!.start();
    const restartedAt = performance.now();
    const reconnected = await Promise.all(instances.map((instance) => until(`${instance.name} uses Redis again`, async () => (await kvOf(instance)) === 'ok', 10_000, 20)));
    // Every token revoked during the outage is still refused everywhere; one revoked now is refused on the other instance at once.
    for (const token of revoked) {
      for (const instance of instances) {
        const res = await journal.call(instance, 'native', 'GET', '/api/me', { token });
        if (res.status !== 401) revokedAccepted.push(res);
      }
    }
    expect((await journal.call(a, 'native', 'DELETE', '/api/access_token', { token: sessions[12]!.token })).status).toBe(204);
    const afterReturn = await journal.call(b, 'native', 'GET', '/api/me', { token: sessions[12]!.token });
    if (afterReturn.status !== 401) revokedAccepted.push(afterReturn);
    const failures = failuresOf(journal, outcomes);
    const broken = await brokenInvariants(cluster!.url);
    const duringMs = during.map((x) => x.ms);
    const slowest = [...during].sort((x, y) => y.ms - x.ms).slice(0, 3).map((x) => `${x.method} ${x.path.replace(/\d+/g, ':id')} ${Math.round(x.ms)} ms`);

    figures.record('4. Redis stopped (SIGKILL) for 20 s under traffic', {
      requests_during_outage: during.length, checkouts_during_outage: outcomes.length - outageCheckouts, sign_outs_during_outage: revoked.length,
      noticed_ms: (await noticed).map(Math.round), baseline_ms: spread(baseline),
      outage_ms: spread(duringMs), slowest_during_outage: slowest,
      revoked_tokens_accepted: revokedAccepted.length,
      reconnected_after_restart_ms: reconnected.map(Math.round), redis_restarted_after_ms: Math.round(restartedAt - stoppedAt),
      status_5xx: journal.withStatus(500).length, invariants_broken: broken.length,
    });
    expect(revokedAccepted.map((x) => `${x.instance} ${x.status}`)).toEqual([]);
    expect(revoked.length).toBeGreaterThanOrEqual(5);
    expect(journal.withStatus(500)).toEqual([]);
    expect(spread(duringMs).p95).toBeLessThan(spread(baseline).p95 + REDIS_EXTRA_WAIT_MS);
    expect(failures).toEqual({ status500: [], committedBehind5xx: [], unexpected: [] });
    expect(outcomes.length - outageCheckouts).toBeGreaterThan(10);
    expect(new Set(outcomes.map((o) => o.orderId)).size).toBe(outcomes.length);
    expect(broken).toEqual([]);
  });
});
