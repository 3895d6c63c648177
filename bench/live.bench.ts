import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.ts';
import { compose } from '../apps/server/src/platform/compose.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { startSession } from '../apps/server/src/modules/accounts/sessions.ts';
import { accounts } from '../apps/server/src/modules/accounts/tables.ts';
import { appendLiveEvents, EVERYONE, pushLiveEvents } from '../apps/server/src/modules/live/index.ts';
import { createScratchDatabase } from '../apps/server/src/platform/db/scratch-database.ts';
import type { Db } from '../apps/server/src/platform/db/client.ts';
import { LIVE_STREAMS_PER_ACCOUNT } from '@lantern/domain';
import { percentile } from './lib.ts';
import { BROADCAST_ARRIVAL, type LiveStreamsInput } from './loads/live-streams.ts';
import { broadcastVisibility } from './live-broadcast.ts';

export interface LiveBench {
  idle: { streams: number; opened: number; failed: number; rssMb: number; heapMb: number; broadcastReached: number; broadcastLastMs: number };
  delivery: { streams: number; rate: number; seconds: number; sent: number; received: number; p50: number; p99: number; max: number };
  broadcast: { accounts: number; opened: number; reached: number; lastMs: number; p50Ms: number; rowsWritten: number; unreadSeen: number; sampled: number };
}

const HOST = 'cn.lantern.test';
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const wallClock = () => performance.timeOrigin + performance.now();

/** The stream holder (loads/live-streams.ts) in a process of its own, driven step by step over IPC. */
function streamHolder(input: LiveStreamsInput) {
  const child: ChildProcess = fork(fileURLToPath(new URL('./loads/live-streams.ts', import.meta.url)), [], {
    execArgv: ['--import', import.meta.resolve('tsx')], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // Each step waits for one answer; its listeners go with it, so a holder that ends after its last answer fails
  // nothing. `close`, not `exit`: a process's exit can be seen before its last (large) message has been read.
  const next = <T>() => new Promise<T>((resolve, reject) => {
    const onMessage = (message: unknown) => {
      child.off('close', onClose);
      resolve(message as T);
    };
    const onClose = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`the holder of ${input.tokens.length} streams ended (${code}) before answering`));
    };
    child.once('message', onMessage);
    child.once('close', onClose);
  });
  const opened = next<{ opened: number; failed: number }>();
  child.send({ input });
  return {
    opened,
    async close() {
      const done = next<{ arrivals: Array<[number, number]> }>();
      child.send({ close: true });
      return done;
    },
  };
}

/**
 * Live push (issue 14): (a) `streams` idle streams held by one instance, the process's RSS and heap growth,
 * and one broadcast to all of them (commit to the last stream's client);
 * (b) two instances on one PostgreSQL and Redis, events committed and pushed on A at `rate` per second for
 * `seconds`, received by clients holding streams on B: commit-to-client latency.
 */
export async function liveBench(
  streams = Number(process.env.BENCH_LIVE_STREAMS ?? 5_000),
  rate = Number(process.env.BENCH_LIVE_RATE ?? 200),
  seconds = Number(process.env.BENCH_LIVE_SECONDS ?? 10),
  deliveryStreams = Number(process.env.BENCH_LIVE_DELIVERY_STREAMS ?? 500),
  broadcastAccounts = Number(process.env.BENCH_LIVE_BROADCAST_ACCOUNTS ?? 10_000),
): Promise<LiveBench> {
  const database = await createScratchDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', 'lantern_bench');
  const env = {
    ...process.env, DATABASE_URL: database.url, REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', NODE_ENV: 'production',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret!', ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'staging', LOG_LEVEL: 'silent', SITE_HOSTS: `${HOST}=native`,
  };
  const kvPrefix = `bench:${Date.now()}:`;
  const a = await compose(loadConfig(env), { log: pino({ level: 'silent' }), kvPrefix });
  const b = await compose(loadConfig(env), { log: pino({ level: 'silent' }), kvPrefix });
  const appA = await buildApp(a.deps, { serveWeb: false });
  const appB = await buildApp(b.deps, { serveWeb: false });
  try {
    await appA.listen({ port: 0, host: '127.0.0.1' });
    await appB.listen({ port: 0, host: '127.0.0.1' });
    const portOf = (app: typeof appA) => (app.server.address() as { port: number }).port;

    // Readers: idle streams take as many per account as tabs are allowed (5,000 streams are 500 accounts); delivery takes one per account.
    const needed = Math.max(Math.ceil(streams / LIVE_STREAMS_PER_ACCOUNT), deliveryStreams, broadcastAccounts);
    const stamp = Date.now();
    const readers = await a.deps.db.insert(accounts)
      .values(Array.from({ length: needed }, (_, i) => ({ nickname: `live_${stamp}_${i}`, email: `live.${stamp}.${i}@example.com`, homeArea: 'native' as const })))
      .returning({ id: accounts.id });
    const tokens: string[] = [];
    for (const reader of readers) tokens.push((await startSession(a.deps, a.deps.db, reader.id, 'native')).accessToken);
    const tokensFor = (count: number) => Array.from({ length: count }, (_, i) => tokens[i % tokens.length]!);

    // (a) idle streams on A.
    global.gc?.();
    const before = process.memoryUsage();
    const idleHolder = streamHolder({ port: portOf(appA), host: HOST, tokens: tokensFor(streams) });
    const idleOpened = await idleHolder.opened;
    global.gc?.();
    const held = process.memoryUsage();
    // One broadcast (the everyone stream: one row) to every idle stream: when the last of them has it.
    const [broadcast] = await (a.deps.db as Db).transaction((tx) => appendLiveEvents(tx, [{ accountId: EVERYONE, type: 'bench', data: { n: -1 } }], new Date()));
    const broadcastAt = wallClock();
    await pushLiveEvents(a.deps, [broadcast!]);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const { arrivals: fanOut } = await idleHolder.close();
    const reached = fanOut.filter(([n]) => n === -1).map(([, at]) => at - broadcastAt).sort((x, y) => x - y);
    const idle = {
      streams, ...idleOpened, rssMb: mb(held.rss - before.rss), heapMb: mb(held.heapUsed - before.heapUsed),
      broadcastReached: reached.length, broadcastLastMs: Math.round((reached.at(-1) ?? 0) * 10) / 10,
    };

    // (b) delivery from A's commit to B's clients: one stream per account, events to them in turn.
    const deliveryAccounts = readers.slice(0, Math.min(deliveryStreams, readers.length));
    const holder = streamHolder({ port: portOf(appB), host: HOST, tokens: deliveryAccounts.map((_, i) => tokens[i]!) });
    await holder.opened;
    const committedAt = new Map<number, number>();
    const total = rate * seconds;
    const started = performance.now();
    const inFlight: Promise<void>[] = [];
    for (let n = 0; n < total; n++) {
      const due = started + (n * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const accountId = deliveryAccounts[n % deliveryAccounts.length]!.id;
      inFlight.push((async () => {
        const events = await (a.deps.db as Db).transaction((tx) => appendLiveEvents(tx, [{ accountId, type: 'bench', data: { n } }], new Date()));
        committedAt.set(n, wallClock());
        await pushLiveEvents(a.deps, events);
      })());
    }
    await Promise.all(inFlight);
    // Let the last pushes land before the holder reports (bounded: at most one second).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const { arrivals } = await holder.close();
    const latencies = arrivals.map(([n, at]) => at - committedAt.get(n)!).filter(Number.isFinite).sort((x, y) => x - y);
    const delivery = {
      streams: deliveryAccounts.length, rate, seconds, sent: total, received: arrivals.length,
      p50: Math.round(percentile(latencies, 50) * 10) / 10, p99: Math.round(percentile(latencies, 99) * 10) / 10, max: Math.round((latencies.at(-1) ?? 0) * 10) / 10,
    };
    // (c) a staff broadcast to every account, each with one stream, half on A and half on B: one row written.
    const half = Math.ceil(broadcastAccounts / 2);
    const onA = streamHolder({ port: portOf(appA), host: HOST, tokens: tokens.slice(0, half) });
    const onB = streamHolder({ port: portOf(appB), host: HOST, tokens: tokens.slice(half, broadcastAccounts) });
    const [openedA, openedB] = await Promise.all([onA.opened, onB.opened]);
    const visibility = await broadcastVisibility(a.deps, readers.slice(0, broadcastAccounts).map((r) => r.id), appB, HOST, tokens);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const heard = [...(await onA.close()).arrivals, ...(await onB.close()).arrivals]
      .filter(([n]) => n === BROADCAST_ARRIVAL).map(([, at]) => at - visibility.startedAt).sort((x, y) => x - y);
    const staffBroadcast = {
      accounts: broadcastAccounts, opened: openedA.opened + openedB.opened, reached: heard.length,
      lastMs: Math.round((heard.at(-1) ?? 0) * 10) / 10, p50Ms: Math.round(percentile(heard, 50) * 10) / 10,
      rowsWritten: visibility.rowsWritten, unreadSeen: visibility.unreadSeen, sampled: visibility.sampled,
    };
    return { idle, delivery, broadcast: staffBroadcast };
  } finally {
    await appB.close();
    await appA.close();
    await b.close();
    await a.close();
    await database.drop();
  }
}
