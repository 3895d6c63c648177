import os from 'node:os';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.ts';
import { compose } from '../apps/server/src/platform/compose.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { createScratchDatabase } from '../apps/server/src/platform/db/scratch-database.ts';
import { setUpModules } from '../apps/server/src/modules/registry.ts';
import { accounts } from '../apps/server/src/modules/accounts/tables.ts';
import { startSession } from '../apps/server/src/modules/accounts/sessions.ts';
import { createRedPacketEvent } from '../apps/server/src/modules/red-packets/staff.ts';
import { newShare, takePacket } from '../apps/server/src/modules/red-packets/packets.ts';
import { load, percentile, profiled, type LoadResult } from './lib.ts';
import { traced } from './statement-trace.ts';
import { runLoadProcess } from './load-process.ts';
import { registerBareClaim } from './bare-claim.ts';
import type { FlashLoadInput } from './loads/flash-rush.ts';
import type { RedPacketAnswers, RedPacketLoadInput } from './loads/red-packet-rush.ts';

/**
 * `RP_OPENERS` and `RP_PACKETS` shrink a run for a quick look; the reported figures use the defaults.
 * `RP_TRACE=1` prints the statements the server sent during each rush, by kind (a profile of the round trips).
 */
const OPENERS = Number(process.env.RP_OPENERS ?? 2_000);
const PACKETS = Number(process.env.RP_PACKETS ?? 100);
const PARTS = 20;
const RUNS = Number(process.env.RP_RUNS ?? 3);
const AFTER_SECONDS = 3;
const MAX_SECONDS = 40;

export interface RedPacketRun {
  baseline: LoadResult;
  opensPerSecond: number;
  ratio: number;
  openSeconds: number;
  opened: number;
  p50: number;
  p99: number;
  answersPerSecond: number;
  otherAnswers: Record<string, number>;
  overCount: number;
  twice: number;
  sumMismatch: number;
  ledgerMismatch: number;
  loadAverage: number;
}

/**
 * 2,000 accounts opening one event's packets at once (docs/product/deals.md#red-packet-open), on PostgreSQL
 * (with Redis when REDIS_URL is set, for the attempt counters): the event has 100 shared packets of 20 parts
 * (2,000 parts); each account, signed in and on the page a moment before (GET /api/me, as the lottery's
 * rush), on its own keep-alive connection, opens packet after packet as soon as it is
 * answered, until every part is opened and 3 s more. The rate is parts opened (in SQL) per second from the rush's
 * start until the last `ok` answer or, when later, the last part's `opened_at` (a timed-out request's part);
 * the baseline, measured in the same run on the same server and pool under the same 2,000 connections, is
 * the flash-sale bench's bare claim (FOR UPDATE SKIP LOCKED + INSERT); the claims it left in flight are answered
 * before the rush starts. Parts over a packet's count, accounts
 * with two parts of one packet, packets whose opened parts do not sum to the packet and parts without their
 * wallet ledger row are counted in SQL after each run. Three runs; the median by ratio is reported.
 */
export async function redPacketsBench(): Promise<{ runs: RedPacketRun[]; median: RedPacketRun; redis: boolean }> {
  const database = await createScratchDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', 'lantern_bench');
  const env: Record<string, string | undefined> = { ...process.env, DATABASE_URL: database.url, NODE_ENV: 'production', APP_SECRET: 'bench-secret-bench-secret-bench-secret!', ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'staging', LOG_LEVEL: 'silent' };
  const config = loadConfig(env);
  const { deps, close } = await compose(config, { log: pino({ level: 'silent' }), kvPrefix: `bench:${Date.now()}:` });
  try {
    setUpModules();
    const stamp = Date.now();
    const made = await deps.db.insert(accounts)
      .values(Array.from({ length: OPENERS + PACKETS * RUNS }, (_, i) => ({ nickname: `bench_rp_${stamp}_${i}`, email: `rp.${stamp}.${i}@example.com`, homeArea: 'native' as const })))
      .returning({ id: accounts.id });
    const openers = made.slice(0, OPENERS);
    const tokens: string[] = [];
    for (const o of openers) tokens.push((await startSession(deps, deps.db, o.id, 'native')).accessToken);

    const app = await buildApp(deps, { serveWeb: false });
    // Requests still being answered when a load stops are waited for (at most 30 s) before anything is counted.
    let inFlight = 0;
    app.addHook('onRequest', async () => void (inFlight += 1));
    app.addHook('onResponse', async () => void (inFlight -= 1));
    const drained = async () => {
      for (let waited = 0; inFlight > 0 && waited < 60; waited++) await new Promise((resolve) => setTimeout(resolve, 500));
    };
    await registerBareClaim(app, deps.db, 600_000);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    await load('warm-up', `${base}/bench/claim`, { seconds: 2, method: 'POST', connections: 100 });
    const count = async (query: ReturnType<typeof sql>) => Number(((await deps.db.execute(query)) as unknown as { rows: { n: string | number }[] }).rows[0]?.n ?? 0);

    const runs: RedPacketRun[] = [];
    for (let run = 0; run < RUNS; run++) {
      const now = Math.floor(Date.now() / 1000);
      const event = await createRedPacketEvent(deps, { area: 'native', title: { chs: '压测红包', en: 'Bench red packets' }, amount: 2_000, parts: PARTS, packet_count: PACKETS, from_timestamp: now - 60, to_timestamp: now + 3_600 });
      const shares: string[] = [];
      for (const sharer of made.slice(OPENERS + run * PACKETS, OPENERS + (run + 1) * PACKETS)) {
        const packet = (await takePacket(deps, 'native', event.id, sharer.id)).red_packet;
        const share = (await newShare(deps, 'native', event.id, packet.id, sharer.id)).red_packet_share;
        shares.push(`/api/events/${event.id}/red_packets/${packet.id}/shares/${share.id}/opens`);
      }
      await drained();
      const loadAverage = os.loadavg()[0]!;
      const baseline = await runLoadProcess<FlashLoadInput, LoadResult>(new URL('./loads/flash-rush.ts', import.meta.url), { kind: 'claim', base, connections: OPENERS, seconds: 8 });
      // The baseline's load stops with a claim in flight on each of its 2,000 connections: the server answers
      // them before the rush's clock starts, not in the rush's first seconds.
      await drained();
      // Each run is an event's first minute: the 30-a-minute attempt budgets the previous run spent (the same
      // accounts, seconds before) start afresh, as they would for a new event (the key is packets.ts's throttle's).
      await Promise.all(openers.map((o) => deps.limiter.reset(`rp-open:${o.id}`)));
      console.log(`red packets run ${run + 1}: baseline ${baseline.requestsPerSecond} req/s; the rush starts`);
      const statementsBefore = traced.count;
      if (process.env.RP_TRACE) traced.texts = [];
      const rushed = await profiled(`red-packets-${run + 1}`, () => runLoadProcess<RedPacketLoadInput, RedPacketAnswers>(new URL('./loads/red-packet-rush.ts', import.meta.url), {
        base, tokens, shares, parts: PACKETS * PARTS, afterSeconds: AFTER_SECONDS, maxSeconds: MAX_SECONDS,
      }));
      console.log(`red packets run ${run + 1}: ${traced.count - statementsBefore} statements during the rush`);
      if (traced.texts) {
        const kinds = new Map<string, number>();
        for (const t of traced.texts) kinds.set(t.slice(0, 90), (kinds.get(t.slice(0, 90)) ?? 0) + 1);
        console.log([...kinds].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, n]) => `${n}\t${k}`).join('\n'));
        traced.texts = null;
      }
      await drained();
      const answers = rushed.at.map((at, i) => ({ at, reason: rushed.reason[i]!, ms: rushed.ms[i]! }));
      const packets = sql`(SELECT id, amount, parts FROM red_packets WHERE event_id = ${event.id})`;
      const openedParts = await count(sql`SELECT count(*) AS n FROM red_packet_parts WHERE packet_id IN (SELECT id FROM ${packets} x) AND opener_id IS NOT NULL`);
      // Until the last `ok` answer, or the last part's `opened_at` when that is later (the same machine's clock as the
      // rush's start; a group stamps its parts as it starts): a request the client gave up on (a timeout on a
      // loaded machine) still opened its part, and without it every part would never have been answered.
      const lastOpenedMs = await count(sql`SELECT coalesce(floor(extract(epoch FROM max(opened_at)) * 1000), 0) AS n FROM red_packet_parts WHERE packet_id IN (SELECT id FROM ${packets} x)`);
      const lastOk = answers.reduce((max, a) => (a.reason === 'ok' ? Math.max(max, a.at) : max), 0);
      const last = Math.max(lastOk, lastOpenedMs - rushed.startedAtMs);
      const openSeconds = (openedParts === PACKETS * PARTS ? last : MAX_SECONDS * 1000) / 1000;
      const during = answers.filter((a) => a.at <= last).map((a) => a.ms).sort((a, b) => a - b);
      const otherAnswers: Record<string, number> = {};
      for (const a of answers) if (a.reason !== 'ok') otherAnswers[a.reason] = (otherAnswers[a.reason] ?? 0) + 1;
      if (rushed.timeouts > 0) otherAnswers['client timeouts (no answer in 10 s)'] = rushed.timeouts;
      const overCount = await count(sql`SELECT coalesce(sum(greatest(0, o.n - p.parts)), 0) AS n FROM ${packets} p JOIN (SELECT packet_id, count(*) AS n FROM red_packet_parts WHERE opener_id IS NOT NULL GROUP BY packet_id) o ON o.packet_id = p.id`);
      const twice = await count(sql`SELECT count(*) AS n FROM (SELECT packet_id, opener_id FROM red_packet_parts WHERE packet_id IN (SELECT id FROM ${packets} x) AND opener_id IS NOT NULL GROUP BY packet_id, opener_id HAVING count(*) > 1) d`);
      const sumMismatch = await count(sql`SELECT count(*) AS n FROM ${packets} p WHERE p.amount <> (SELECT sum(amount) FROM red_packet_parts WHERE packet_id = p.id)`);
      // This run's ledger rows: written since its event was made (the runs before it had drained by then).
      const ledgerRows = await count(sql`SELECT count(*) AS n FROM wallet_entries WHERE reason = 'red_packet' AND created_at >= to_timestamp(${now})`);
      const opensPerSecond = Math.round(openedParts / Math.max(0.001, openSeconds));
      runs.push({
        baseline, opensPerSecond, ratio: opensPerSecond / baseline.requestsPerSecond, openSeconds: Math.round(openSeconds * 100) / 100, opened: openedParts,
        p50: Math.round(percentile(during, 50)), p99: Math.round(percentile(during, 99)),
        answersPerSecond: Math.round(answers.length / Math.max(0.001, (answers.at(-1)?.at ?? 1) / 1000)), otherAnswers,
        overCount, twice, sumMismatch, ledgerMismatch: Math.abs(ledgerRows - openedParts), loadAverage: Math.round(loadAverage * 100) / 100,
      });
      console.log(`red packets run ${run + 1}: ${opensPerSecond} opens/s, ratio ${(opensPerSecond / baseline.requestsPerSecond).toFixed(2)}, over count ${overCount}, ok answers ${answers.filter((a) => a.reason === 'ok').length}, answers ${JSON.stringify(otherAnswers)}, baseline errors ${baseline.errors} non2xx ${baseline.non2xx}`);
    }
    // A connection the load left half-open must not hold the report back.
    await Promise.race([app.close(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
    const median = [...runs].sort((a, b) => a.ratio - b.ratio)[Math.floor(runs.length / 2)]!;
    return { runs, median, redis: Boolean(process.env.REDIS_URL) };
  } finally {
    await close();
    await database.drop();
  }
}
