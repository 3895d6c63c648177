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


const BUYERS = 1_500;
const KEYS = 1_000;
const CONCURRENCY = 50;

export interface CheckoutBench {
  baseline: LoadResult;
  ordersPerSecond: number;
  ratio: number;
  p50: number;
  p99: number;
  completed: number;
  delivered: number;
  waiting: number;
  failures: Record<string, number>;
  /** SQL statements one create + pay sends (BEGIN and COMMIT included), traced on a lone buyer before the load. */
  statements: { create: string[]; pay: string[] };
  /** Statements per completed create + pay over the whole concurrent run. */
  statementsPerCheckout: number;
  oversold: number;
  duplicateKeys: number;
  doubleCharged: number;
}

const cpuMsSince = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

/**
 * Checkout on PostgreSQL: 50 buyers at a time each create a one-click order for one game and pay it from
 * their wallet (which completes the order and assigns a key in the payment's transaction), until 1,500
 * buyers have bought a game whose pool holds 1,000 keys. Reported as completed orders per second against
 * a bare route doing one single-row INSERT on the same pool, with the counts that must be zero: units
 * delivered beyond the pool (oversold), keys given twice, buyers charged twice.
 */
export async function checkoutBench(): Promise<CheckoutBench> {
  const database = await createScratchDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', 'lantern_bench');
  const config = loadConfig({ ...process.env, DATABASE_URL: database.url, NODE_ENV: 'production', APP_SECRET: 'bench-secret-bench-secret-bench-secret!', ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'staging', LOG_LEVEL: 'silent' });
  const { deps, close } = await compose(config, { log: pino({ level: 'silent' }), kvPrefix: `bench:${Date.now()}:` });
  try {
    await seedIfEmpty(deps);
    const [game] = await deps.db
      .select({ id: skus.id, price: sql<number>`coalesce(${skus.salePrice}, ${skus.listPrice})` })
      .from(skus)
      .innerJoin(products, eq(products.id, skus.productId))
      .where(and(eq(skus.area, 'native'), eq(skus.status, 'sale'), eq(products.kind, 'game'), sql`${skus.region} IS NULL`, sql`${skus.listPrice} > 0`))
      .limit(1);
    if (!game) throw new Error('the demo data has no native game on sale');
    // The demo pool of this SKU is voided so the pool is exactly KEYS.
    await deps.db.update(gameKeys).set({ state: 'void' }).where(and(eq(gameKeys.skuId, game.id), eq(gameKeys.state, 'available')));
    await importKeys(deps, {
      skuId: game.id, keyType: 'steam', source: 'api', importedBy: null,
      codes: Array.from({ length: KEYS }, (_, i) => `BENCH-${String(i).padStart(5, '0')}-${Math.random().toString(36).slice(2, 7).toUpperCase()}`),
    });

    const stamp = Date.now();
    const buyers = await deps.db
      .insert(accounts)
      .values(Array.from({ length: BUYERS }, (_, i) => ({ nickname: `bench_buyer_${stamp}_${i}`, email: `bench.${stamp}.${i}@example.com`, homeArea: 'native' as const })))
      .returning({ id: accounts.id });
    await deps.db.insert(wallets).values(buyers.map((b) => ({ accountId: b.id, currency: 'CNY' as const, balance: 10_000_000 })));
    const tokens: string[] = [];
    for (const b of buyers) tokens.push((await startSession(deps, deps.db, b.id, 'native')).accessToken);

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
    await insert('warm-up', 2);
    const baselineCpu = process.cpuUsage();
    const baseline = await insert('bare single-row INSERT (POST)', 10);
    const baselineCpuMs = cpuMsSince(baselineCpu);

    const call = async (token: string, method: string, path: string, body: unknown) => {
      const res = await fetch(`${base}${path}?client=web`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    let completed = 0;

    // One buyer alone first, with every statement written down: what one create + pay costs. The baseline's
    // last requests may still be finishing their INSERTs, so the trace starts once the pool is quiet.
    for (let seen = -1; seen !== traced.count;) {
      seen = traced.count;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const statements = { create: [] as string[], pay: [] as string[] };
    {
      const token = tokens[0]!;
      traced.texts = statements.create;
      const created = await call(token, 'POST', '/api/orders', { order: { sku_ids: [game.id], cate: 'game', type: 'one_click' } });
      traced.texts = statements.pay;
      const { id, version } = created.body as { id: number; version: number };
      const paid = await call(token, 'PATCH', `/api/orders/${id}/pay`, { payment_method: 'wallet', payment_from: 'web', version });
      traced.texts = null;
      if (created.status !== 201 || paid.status !== 200) throw new Error(`the traced checkout answered ${created.status} / ${paid.status}`);
      completed++;
    }
    const countedBefore = traced.count;
    // BENCH_STATEMENTS=1: every statement of the run written down, printed by kind per completed create + pay
    // (how the whole-run figure is made up: which statements are per buyer, which per group).
    const runTexts: string[] | null = process.env.BENCH_STATEMENTS ? [] : null;
    traced.texts = runTexts;
    const buyersCpu = process.cpuUsage();
    const buyersRun = await profiled('checkout', () => runLoadProcess<BuyersInput, BuyersResult>(
      new URL('./loads/checkout-buyers.ts', import.meta.url), { base, skuId: game.id, tokens: tokens.slice(1), concurrency: CONCURRENCY },
    ));
    traced.texts = null;
    if (runTexts) {
      const byKind = new Map<string, number>();
      for (const text of runTexts) byKind.set(text.slice(0, 70), (byKind.get(text.slice(0, 70)) ?? 0) + 1);
      const rows = [...byKind].sort((a, b) => b[1] - a[1]).slice(0, 30);
      console.log(`checkout: statements of the run by kind (per completed create + pay, count, start):\n${rows.map(([kind, n]) => `${(n / Math.max(1, buyersRun.completed)).toFixed(2)}  ${n}  ${kind}`).join('\n')}`);
    }
    const { failures, latencies, elapsedSeconds } = buyersRun;
    completed += buyersRun.completed;
    const buyersCpuMs = cpuMsSince(buyersCpu);
    // The server process's own CPU per answered call, which a busy machine inflates far less than it deflates throughput.
    const insertCalls = Math.round(baseline.requestsPerSecond * 10);
    console.log(`checkout: server CPU ${(buyersCpuMs / Math.max(1, buyersRun.completed)).toFixed(2)} ms per create + pay, ${((baselineCpuMs / Math.max(1, insertCalls)) * 1000).toFixed(0)} µs per INSERT call`);
    const statementsPerCheckout = (traced.count - countedBefore) / Math.max(1, completed - 1);
    await app.close();

    const count = async (query: ReturnType<typeof sql>) => {
      const result = (await deps.db.execute(query)) as unknown as { rows: { n: string | number }[] };
      return Number(result.rows[0]?.n ?? 0);
    };
    // Only the bench's buyers are counted: the demo data has its own orders and owners of this game.
    const firstBuyer = Math.min(...buyers.map((b) => b.id));
    const delivered = await count(sql`SELECT count(*) AS n FROM ${keyDeliveries} WHERE sku_id = ${game.id} AND state = 'delivered' AND account_id >= ${firstBuyer}`);
    const waiting = await count(sql`SELECT count(*) AS n FROM ${keyDeliveries} WHERE sku_id = ${game.id} AND state <> 'delivered' AND account_id >= ${firstBuyer}`);
    const assigned = await count(sql`SELECT count(*) AS n FROM ${gameKeys} WHERE sku_id = ${game.id} AND state = 'assigned' AND account_id >= ${firstBuyer}`);
    const completedInDb = await count(sql`SELECT count(*) AS n FROM ${orders} WHERE state = 'completed' AND account_id >= ${firstBuyer}`);
    // Every delivered line must hold its own key from the pool: more deliveries than keys, or than assigned keys, is an oversell.
    const oversold = Math.max(0, delivered - KEYS) + Math.max(0, delivered - assigned);
    const duplicateKeys = await count(sql`SELECT count(*) AS n FROM (SELECT order_game_id, unit FROM ${gameKeys} WHERE order_game_id IS NOT NULL GROUP BY order_game_id, unit HAVING count(*) > 1) d`)
      + await count(sql`SELECT count(*) AS n FROM (SELECT code_hash FROM ${gameKeys} WHERE sku_id = ${game.id} AND state = 'assigned' GROUP BY code_hash HAVING count(*) > 1) d`);
    const doubleCharged = await count(sql`SELECT count(*) AS n FROM (SELECT order_id FROM wallet_entries WHERE reason = 'order_payment' GROUP BY order_id HAVING count(*) > 1) d`);
    if (completedInDb !== completed) failures['completed orders in the database differ from answers'] = Math.abs(completedInDb - completed);

    latencies.sort((a, b) => a - b);
    // The traced buyer ran alone before the timed load: only the load's own buyers count towards the rate.
    const ordersPerSecond = Math.round(buyersRun.completed / elapsedSeconds);
    return {
      baseline, ordersPerSecond, ratio: ordersPerSecond / baseline.requestsPerSecond,
      p50: Math.round(percentile(latencies, 50)), p99: Math.round(percentile(latencies, 99)),
      completed, delivered, waiting, failures, statements, statementsPerCheckout, oversold, duplicateKeys, doubleCharged,
    };
  } finally {
    await close();
    await database.drop();
  }
}
