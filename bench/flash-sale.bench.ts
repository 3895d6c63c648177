import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.ts';
import { compose } from '../apps/server/src/platform/compose.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { createScratchDatabase } from '../apps/server/src/platform/db/scratch-database.ts';
import { seedIfEmpty } from '../apps/server/src/seed/seed.ts';
import { accounts } from '../apps/server/src/modules/accounts/tables.ts';
import { startSession } from '../apps/server/src/modules/accounts/sessions.ts';
import { products, skus } from '../apps/server/src/modules/catalog/tables.ts';
import * as promotionTables from '../apps/server/src/modules/promotions/tables.ts';
import { load, percentile, profiled, startBareServer, type LoadResult } from './lib.ts';
import { runLoadProcess } from './load-process.ts';
import { registerBareClaim } from './bare-claim.ts';
import type { FlashLoadInput, RushAnswers } from './loads/flash-rush.ts';

const { seckillEvents, seckillItems, seckillPurchases } = promotionTables;

const BUYERS = 2_000;
const UNITS = 1_000;
const BUY_LIMIT = 1;
/** The rush runs until the stock is gone and then this long, to count the sold-out answers… */
const SOLD_OUT_SECONDS = 5;
/** …or at most this long. */
const RUSH_MAX_SECONDS = 60;

export interface RushResult {
  redis: boolean;
  baseline: LoadResult;
  purchases: number;
  purchasesPerSecond: number;
  ratio: number;
  p50: number;
  p99: number;
  /** Seconds from the first request until the last unit was taken (or the end of the run). */
  sellSeconds: number;
  /** Seconds from the first request until the first unit was taken. */
  firstSaleSeconds: number;
  /** Purchases per second from the first unit taken to the last. */
  sellingRate: number;
  soldOutPerSecond: number;
  soldOutRatio: number;
  exceedLimit: number;
  otherAnswers: Record<string, number>;
  oversold: number;
  overLimit: number;
  left: number;
  live: LoadResult;
  bare: LoadResult;
  liveRatio: number;
}

/** The rush's buyers and the baseline's clients, out of the server's process. */
const FLASH_LOAD = new URL('./loads/flash-rush.ts', import.meta.url);

/**
 * One flash sale on PostgreSQL (with Redis when `redis`): 2,000 buyers, each on its own keep-alive
 * connection, keep posting `POST /api/sec_kill` for one event of 1,000 units (limit 1 per account) until
 * the stock is gone and 5 s more (at most 60 s) — buyers who got a unit keep trying too. Purchases per second count orders created holding a unit
 * until the last unit went; sold-out answers per second are counted after it. The baseline is a route of
 * the same server and pool that claims one row with FOR UPDATE SKIP LOCKED and inserts one row, under the
 * same 2,000 connections. Oversold units and accounts over their limit are counted in SQL after the run.
 * Then GET /sec_kill (the live read) against the bare constant route, at 50 connections.
 */
export async function flashSaleRun(redis: boolean): Promise<RushResult> {
  const database = await createScratchDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', 'lantern_bench');
  const env: Record<string, string | undefined> = { ...process.env, DATABASE_URL: database.url, NODE_ENV: 'production', APP_SECRET: 'bench-secret-bench-secret-bench-secret!', ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'staging', LOG_LEVEL: 'silent' };
  if (!redis) delete env.REDIS_URL;
  else env.REDIS_URL ??= 'redis://127.0.0.1:6379';
  const config = loadConfig(env);
  const { deps, close } = await compose(config, { log: pino({ level: 'silent' }), kvPrefix: `bench:${Date.now()}:` });
  const bareServer = await startBareServer();
  try {
    await seedIfEmpty(deps);
    const [game] = await deps.db.select({ id: skus.id }).from(skus).innerJoin(products, eq(products.id, skus.productId))
      .where(and(eq(skus.area, 'native'), eq(skus.status, 'sale'), eq(products.kind, 'game'), sql`${skus.region} IS NULL`, sql`${skus.listPrice} > 0`))
      .limit(1);
    if (!game) throw new Error('the demo data has no native game on sale');
    const now = new Date();
    const [event] = await deps.db.insert(seckillEvents).values({
      area: 'native', title: { chs: '压测秒杀', en: 'Bench flash sale' }, fromAt: new Date(now.getTime() - 60_000), toAt: new Date(now.getTime() + 3_600_000), createdAt: now, updatedAt: now,
    }).returning({ id: seckillEvents.id });
    const [item] = await deps.db.insert(seckillItems).values({ eventId: event!.id, skuId: game.id, price: 100, stock: UNITS, left: UNITS, buyLimit: BUY_LIMIT }).returning({ id: seckillItems.id });

    const stamp = Date.now();
    const buyers = await deps.db.insert(accounts)
      .values(Array.from({ length: BUYERS }, (_, i) => ({ nickname: `bench_rush_${stamp}_${i}`, email: `rush.${stamp}.${i}@example.com`, homeArea: 'native' as const })))
      .returning({ id: accounts.id });
    const tokens: string[] = [];
    for (const b of buyers) tokens.push((await startSession(deps, deps.db, b.id, 'native')).accessToken);

    const app = await buildApp(deps, { serveWeb: false });
    // Requests still being answered when the load stops are waited for before anything is counted: until
    // none is open, or (a request whose client went away may never report its end) the units held stop
    // changing for two seconds.
    let inFlight = 0;
    app.addHook('onRequest', async () => void (inFlight += 1));
    app.addHook('onResponse', async () => void (inFlight -= 1));
    const heldNow = async () => Number(((await deps.db.execute(sql`SELECT count(*) AS n FROM ${seckillPurchases}`)) as unknown as { rows: { n: string }[] }).rows[0]?.n ?? 0);
    const drained = async () => {
      let last = await heldNow();
      for (let stable = 0; inFlight > 0 && stable < 4;) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const now = await heldNow();
        stable = now === last ? stable + 1 : 0;
        last = now;
      }
    };
    await registerBareClaim(app, deps.db, 300_000);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

    // Buyers and the baseline's clients run in a process of their own (load-process.ts), not in the server's.
    await load('warm-up', `${base}/bench/claim`, { seconds: 2, method: 'POST', connections: 100 });
    const baseline = await runLoadProcess<FlashLoadInput, LoadResult>(FLASH_LOAD, { kind: 'claim', base, connections: BUYERS, seconds: 8 });

    // The rush.
    console.log(`flash sale (${redis ? 'Redis' : 'no Redis'}): baseline ${baseline.requestsPerSecond} req/s; the rush starts`);
    const rushed = await profiled(`flash-${redis ? 'redis' : 'local'}`, () => runLoadProcess<FlashLoadInput, RushAnswers>(FLASH_LOAD, {
      kind: 'rush', base, connections: BUYERS, tokens, eventId: event!.id, units: UNITS, soldOutSeconds: SOLD_OUT_SECONDS, maxSeconds: RUSH_MAX_SECONDS,
    }));
    const answers = rushed.at.map((at, i) => ({ at, reason: rushed.reason[i]!, ms: rushed.ms[i]! }));
    await drained();

    const ok = answers.filter((a) => a.reason === 'ok');
    const lastSaleAt = ok.reduce((max, a) => Math.max(max, a.at), 0);
    const sellSeconds = (ok.length === UNITS ? lastSaleAt : RUSH_MAX_SECONDS * 1000) / 1000;
    const during = answers.filter((a) => a.at <= lastSaleAt).map((a) => a.ms).sort((a, b) => a - b);
    const after = answers.filter((a) => a.at > lastSaleAt);
    const afterSeconds = Math.max(0.001, (answers.reduce((max, a) => Math.max(max, a.at), 0) - lastSaleAt) / 1000);
    const soldOut = after.filter((a) => a.reason === 'sec_kill:no_inventory').length;
    const otherAnswers: Record<string, number> = {};
    for (const a of answers) if (a.reason !== 'ok' && a.reason !== 'sec_kill:no_inventory') otherAnswers[a.reason] = (otherAnswers[a.reason] ?? 0) + 1;

    // The live read, from the snapshot, against the bare constant route.
    await load('warm-up', `${base}/sec_kill`, { seconds: 2 });
    const bare = await load('bare route (constant)', bareServer.url);
    const live = await load('GET /sec_kill', `${base}/sec_kill`);
    await drained();
    await app.close();

    const count = async (query: ReturnType<typeof sql>) => Number(((await deps.db.execute(query)) as unknown as { rows: { n: string | number }[] }).rows[0]?.n ?? 0);
    const [row] = await deps.db.select({ left: seckillItems.left }).from(seckillItems).where(eq(seckillItems.id, item!.id));
    // Units held: purchases not given back (a refused buyer's reservation went back, and stays as history).
    const held = await count(sql`SELECT count(*) AS n FROM ${seckillPurchases} WHERE item_id = ${item!.id} AND NOT released`);
    const seckillOrders = await count(sql`SELECT count(*) AS n FROM orders o JOIN ${seckillPurchases} p ON p.order_id = o.id WHERE p.item_id = ${item!.id} AND o.type = 'seckill'`);
    const overLimit = await count(sql`SELECT count(*) AS n FROM (SELECT account_id FROM ${seckillPurchases} WHERE item_id = ${item!.id} AND NOT released GROUP BY account_id HAVING count(*) > ${BUY_LIMIT}) d`);
    const left = row!.left;
    // Units sold beyond the stock, or a `left` that does not match the units held, or orders without a unit.
    const oversold = Math.max(0, held - UNITS) + Math.abs(UNITS - left - held) + Math.abs(seckillOrders - held) + (left < 0 ? -left : 0);

    const purchasesPerSecond = Math.round(ok.length / Math.max(0.001, sellSeconds));
    const firstSaleAt = ok.reduce((min, a) => Math.min(min, a.at), Number.POSITIVE_INFINITY);
    const sellingRate = ok.length < 2 ? 0 : Math.round((ok.length - 1) / Math.max(0.001, (lastSaleAt - firstSaleAt) / 1000));
    const soldOutPerSecond = Math.round(soldOut / afterSeconds);
    return {
      redis, baseline, purchases: ok.length, purchasesPerSecond, ratio: purchasesPerSecond / baseline.requestsPerSecond,
      p50: Math.round(percentile(during, 50)), p99: Math.round(percentile(during, 99)), sellSeconds: Math.round(sellSeconds * 100) / 100,
      firstSaleSeconds: ok.length === 0 ? 0 : Math.round(firstSaleAt / 10) / 100, sellingRate,
      soldOutPerSecond, soldOutRatio: soldOutPerSecond / Math.max(1, purchasesPerSecond), exceedLimit: otherAnswers['sec_kill:exceed_limit'] ?? 0, otherAnswers,
      oversold, overLimit, left, live, bare, liveRatio: live.requestsPerSecond / bare.requestsPerSecond,
    };
  } finally {
    await bareServer.close();
    await close();
    await database.drop();
  }
}

/** Both runs; `FLASH_RUNS=redis` or `FLASH_RUNS=local` runs one (profiling). */
export async function flashSaleBench(): Promise<RushResult[]> {
  const only = process.env.FLASH_RUNS;
  const runs: RushResult[] = [];
  if (only !== 'redis') runs.push(await flashSaleRun(false));
  if (only !== 'local' && process.env.REDIS_URL !== '') runs.push(await flashSaleRun(true));
  return runs;
}
