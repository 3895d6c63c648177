import os from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.ts';
import { compose } from '../apps/server/src/platform/compose.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { createScratchDatabase } from '../apps/server/src/platform/db/scratch-database.ts';
import { seedIfEmpty } from '../apps/server/src/seed/seed.ts';
import { accounts, wallets } from '../apps/server/src/modules/accounts/tables.ts';
import { startSession } from '../apps/server/src/modules/accounts/sessions.ts';
import { products, skus } from '../apps/server/src/modules/catalog/tables.ts';
import { importKeys } from '../apps/server/src/modules/keys/index.ts';
import * as keyTables from '../apps/server/src/modules/keys/tables.ts';
import * as orderTables from '../apps/server/src/modules/orders/tables.ts';
import { percentile, profiled, type LoadResult } from './lib.ts';
import { runLoadProcess } from './load-process.ts';
import { traced } from './statement-trace.ts';
import type { RepeatInput } from './loads/repeat-request.ts';
import type { BuyersInput, BuyersResult } from './loads/checkout-buyers.ts';

const { gameKeys, keyDeliveries } = keyTables;
const { orders } = orderTables;


/** `CHECKOUT_BUYERS` lengthens a round for a profile (two thirds of them get keys); the reported figures use the defaults. */
const BUYERS = Number(process.env.CHECKOUT_BUYERS ?? 1_500);
const KEYS = Math.round((BUYERS * 2) / 3);
const CONCURRENCY = 50;
/** Measured rounds; the median by ratio is reported. `CHECKOUT_RUNS` changes it for a quick look. */
const RUNS = Number(process.env.CHECKOUT_RUNS ?? 3);

/** One measured round: its own game, key pool and buyers, against a baseline measured just before it. */
export interface CheckoutRun {
  baseline: LoadResult;
  ordersPerSecond: number;
  ratio: number;
  p50: number;
  p99: number;
  completed: number;
  delivered: number;
  waiting: number;
  failures: Record<string, number>;
  /** Statements per completed create + pay over the round. */
  statementsPerCheckout: number;
  /** The server process's CPU per completed create + pay, and per answered INSERT call of its baseline. */
  cpuMsPerCheckout: number;
  cpuUsPerInsert: number;
  oversold: number;
  duplicateKeys: number;
  loadAverage: number;
}

export interface CheckoutBench {
  runs: CheckoutRun[];
  median: CheckoutRun;
  /** SQL statements one create + pay sends (BEGIN and COMMIT included), traced on a lone buyer before the load. */
  statements: { create: string[]; pay: string[] };
  /** Buyers charged twice, over every round. */
  doubleCharged: number;
}

const cpuMsSince = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

/**
 * Checkout on PostgreSQL: 50 buyers at a time each create a one-click order for one game and pay it from
 * their wallet (which completes the order and assigns a key in the payment's transaction), until 1,500
 * buyers have bought a game whose pool holds 1,000 keys. A round of the same size on a game of its own warms the
 * checkout's code up first, as the baseline's 2 s warm-up does the INSERT route's; then three measured rounds, each
 * with its own game, pool and buyers, each right after a baseline of its own: a bare route doing one single-row
 * INSERT on the same pool. Reported per round, as completed orders per second against that baseline, with the
 * counts that must be zero: units delivered beyond the pool (oversold), keys given twice, buyers charged twice.
 */
export async function checkoutBench(): Promise<CheckoutBench> {
  const database = await createScratchDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', 'lantern_bench');
  const config = loadConfig({ ...process.env, DATABASE_URL: database.url, NODE_ENV: 'production', APP_SECRET: 'bench-secret-bench-secret-bench-secret!', ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'staging', LOG_LEVEL: 'silent' });
  const { deps, close } = await compose(config, { log: pino({ level: 'silent' }), kvPrefix: `bench:${Date.now()}:` });
  try {
    await seedIfEmpty(deps);
    // One game per round (the warm-up and each measured one), so no round's waiting lines take another's keys.
    const games = await deps.db
      .select({ id: skus.id })
      .from(skus)
      .innerJoin(products, eq(products.id, skus.productId))
      .where(and(eq(skus.area, 'native'), eq(skus.status, 'sale'), eq(products.kind, 'game'), sql`${skus.region} IS NULL`, sql`${skus.listPrice} > 0`))
      .orderBy(skus.id)
      .limit(RUNS + 1);
    if (games.length < RUNS + 1) throw new Error(`the demo data has ${games.length} native games on sale; the bench needs ${RUNS + 1}`);
    for (const game of games) {
      // The demo pool of each game is voided so its pool is exactly KEYS.
      await deps.db.update(gameKeys).set({ state: 'void' }).where(and(eq(gameKeys.skuId, game.id), eq(gameKeys.state, 'available')));
      await importKeys(deps, {
        skuId: game.id, keyType: 'steam', source: 'api', importedBy: null,
        codes: Array.from({ length: KEYS }, (_, i) => `BENCH-${game.id}-${String(i).padStart(5, '0')}-${Math.random().toString(36).slice(2, 7).toUpperCase()}`),
      });
    }

    const stamp = Date.now();
    // A round's buyers: fresh accounts, each with a full wallet and a session (a buyer owns nothing yet).
    const makeBuyers = async (round: number) => {
      const rows = await deps.db
        .insert(accounts)
        .values(Array.from({ length: BUYERS }, (_, i) => ({ nickname: `bench_buyer_${stamp}_${round}_${i}`, email: `bench.${stamp}.${round}.${i}@example.com`, homeArea: 'native' as const })))
        .returning({ id: accounts.id });
      await deps.db.insert(wallets).values(rows.map((b) => ({ accountId: b.id, currency: 'CNY' as const, balance: 10_000_000 })));
      const tokens: string[] = [];
      for (const b of rows) tokens.push((await startSession(deps, deps.db, b.id, 'native')).accessToken);
      return { ids: rows.map((b) => b.id), tokens };
    };

    const app = await buildApp(deps, { serveWeb: false });
    app.post('/bench/insert', async () => {
      await deps.db.execute(sql`INSERT INTO bench_rows (note) VALUES ('x')`);
      return { ok: true };
    });
    await deps.db.execute(sql`CREATE TABLE bench_rows (id bigserial PRIMARY KEY, note text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

    // The baseline and the buyers are both driven from a child process with the same keep-alive client
    // (bench/load-process.ts): the load's own CPU stays out of the server's event loop, for both alike.
    const insert = (name: string, seconds: number) =>
      runLoadProcess<RepeatInput, LoadResult>(new URL('./loads/repeat-request.ts', import.meta.url), { name, base, method: 'POST', path: '/bench/insert', body: {}, connections: CONCURRENCY, seconds });
    const buyersOf = (skuId: number, tokens: string[]) =>
      runLoadProcess<BuyersInput, BuyersResult>(new URL('./loads/checkout-buyers.ts', import.meta.url), { base, skuId, tokens, concurrency: CONCURRENCY });
    // The pool is quiet once the statements counted stop moving (a load's last requests may still be running).
    const untilQuiet = async () => {
      for (let seen = -1; seen !== traced.count;) {
        seen = traced.count;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    const call = async (token: string, method: string, path: string, body: unknown) => {
      const res = await fetch(`${base}${path}?client=web`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const count = async (query: ReturnType<typeof sql>) => {
      const result = (await deps.db.execute(query)) as unknown as { rows: { n: string | number }[] };
      return Number(result.rows[0]?.n ?? 0);
    };

    await insert('warm-up', 2);
    const warmUp = await makeBuyers(0);
    const [warmUpGame, ...roundGames] = games;

    // One buyer alone first, with every statement written down: what one create + pay costs.
    await untilQuiet();
    const statements = { create: [] as string[], pay: [] as string[] };
    {
      const token = warmUp.tokens[0]!;
      traced.texts = statements.create;
      const created = await call(token, 'POST', '/api/orders', { order: { sku_ids: [warmUpGame!.id], cate: 'game', type: 'one_click' } });
      traced.texts = statements.pay;
      const { id, version } = created.body as { id: number; version: number };
      const paid = await call(token, 'PATCH', `/api/orders/${id}/pay`, { payment_method: 'wallet', payment_from: 'web', version });
      traced.texts = null;
      if (created.status !== 201 || paid.status !== 200) throw new Error(`the traced checkout answered ${created.status} / ${paid.status}`);
    }
    const warmed = await buyersOf(warmUpGame!.id, warmUp.tokens.slice(1));
    if (warmed.completed === 0) throw new Error(`the warm-up round completed nothing: ${JSON.stringify(warmed.failures)}`);

    const runs: CheckoutRun[] = [];
    for (const [round, game] of roundGames.entries()) {
      const { ids, tokens } = await makeBuyers(round + 1);
      await untilQuiet();
      const loadAverage = os.loadavg()[0]!;
      const baselineCpu = process.cpuUsage();
      const baseline = await insert('bare single-row INSERT (POST)', 10);
      const baselineCpuMs = cpuMsSince(baselineCpu);
      await untilQuiet();
      const countedBefore = traced.count;
      // BENCH_STATEMENTS=1: every statement of the round written down, printed by kind per completed create + pay
      // (how the round's figure is made up: which statements are per buyer, which per group).
      const roundTexts: string[] | null = process.env.BENCH_STATEMENTS ? [] : null;
      traced.texts = roundTexts;
      const buyersCpu = process.cpuUsage();
      const buyersRun = await profiled(`checkout-${round + 1}`, () => buyersOf(game!.id, tokens));
      const buyersCpuMs = cpuMsSince(buyersCpu);
      traced.texts = null;
      const statementsPerCheckout = (traced.count - countedBefore) / Math.max(1, buyersRun.completed);
      if (roundTexts) {
        const byKind = new Map<string, number>();
        for (const text of roundTexts) byKind.set(text.slice(0, 70), (byKind.get(text.slice(0, 70)) ?? 0) + 1);
        const rows = [...byKind].sort((a, b) => b[1] - a[1]).slice(0, 30);
        console.log(`checkout round ${round + 1}: statements by kind (per completed create + pay, count, start):\n${rows.map(([kind, n]) => `${(n / Math.max(1, buyersRun.completed)).toFixed(2)}  ${n}  ${kind}`).join('\n')}`);
      }

      // Only this round's buyers and game are counted: the demo data and the other rounds have their own.
      const mine = sql`account_id BETWEEN ${Math.min(...ids)} AND ${Math.max(...ids)}`;
      const delivered = await count(sql`SELECT count(*) AS n FROM ${keyDeliveries} WHERE sku_id = ${game!.id} AND state = 'delivered' AND ${mine}`);
      const waiting = await count(sql`SELECT count(*) AS n FROM ${keyDeliveries} WHERE sku_id = ${game!.id} AND state <> 'delivered' AND ${mine}`);
      const assigned = await count(sql`SELECT count(*) AS n FROM ${gameKeys} WHERE sku_id = ${game!.id} AND state = 'assigned' AND ${mine}`);
      const completedInDb = await count(sql`SELECT count(*) AS n FROM ${orders} WHERE state = 'completed' AND ${mine}`);
      // Every delivered line must hold its own key from the pool: more deliveries than keys, or than assigned keys, is an oversell.
      const oversold = Math.max(0, delivered - KEYS) + Math.max(0, delivered - assigned);
      const duplicateKeys = await count(sql`SELECT count(*) AS n FROM (SELECT order_game_id, unit FROM ${gameKeys} WHERE sku_id = ${game!.id} AND order_game_id IS NOT NULL GROUP BY order_game_id, unit HAVING count(*) > 1) d`)
        + await count(sql`SELECT count(*) AS n FROM (SELECT code_hash FROM ${gameKeys} WHERE sku_id = ${game!.id} AND state = 'assigned' GROUP BY code_hash HAVING count(*) > 1) d`);
      const failures = { ...buyersRun.failures };
      if (completedInDb !== buyersRun.completed) failures['completed orders in the database differ from answers'] = Math.abs(completedInDb - buyersRun.completed);
      const latencies = [...buyersRun.latencies].sort((a, b) => a - b);
      const ordersPerSecond = Math.round(buyersRun.completed / buyersRun.elapsedSeconds);
      const insertCalls = Math.max(1, Math.round(baseline.requestsPerSecond * 10));
      runs.push({
        baseline, ordersPerSecond, ratio: ordersPerSecond / baseline.requestsPerSecond,
        p50: Math.round(percentile(latencies, 50)), p99: Math.round(percentile(latencies, 99)),
        completed: buyersRun.completed, delivered, waiting, failures, statementsPerCheckout,
        cpuMsPerCheckout: buyersCpuMs / Math.max(1, buyersRun.completed), cpuUsPerInsert: (baselineCpuMs / insertCalls) * 1000,
        oversold, duplicateKeys, loadAverage,
      });
    }
    await app.close();
    const doubleCharged = await count(sql`SELECT count(*) AS n FROM (SELECT order_id FROM wallet_entries WHERE reason = 'order_payment' GROUP BY order_id HAVING count(*) > 1) d`);
    const median = [...runs].sort((a, b) => a.ratio - b.ratio)[Math.floor(runs.length / 2)]!;
    return { runs, median, statements, doubleCharged };
  } finally {
    await close();
    await database.drop();
  }
}
