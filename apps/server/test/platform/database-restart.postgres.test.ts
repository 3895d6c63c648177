import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { stockKeys, steamCodes } from '../support/keys-factories.ts';
import { holdConnection, isDatabaseUnavailable } from '../../src/platform/db/client.ts';
import { orders } from '../../src/modules/orders/tables.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * PostgreSQL ending every session (what a restart or a failover does: 57P01 "terminating connection due to
 * administrator command") while the server holds connections out of its pool: a checkout lane between
 * groups, a transaction mid-statement. The process must live on (an 'error' event on a client nobody
 * listens to would end it, and vitest would report it as an unhandled error), the requests that were using
 * those connections answer 503 `unavailable` with Retry-After — never 500 — and the next ones are served.
 * Only PostgreSQL has sessions to end: the file runs in the PostgreSQL tier (vitest.config.ts).
 */
const { t, api } = useTestApp();
let admin: pg.Client;
let databaseName: string;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const { rows } = (await t.deps.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
  databaseName = rows[0]!.name;
});
afterAll(async () => {
  await admin.end();
});

/** Ends every session of the test's database but the admin's own, as a restart would: answers the sessions' pids. */
async function endEverySession(): Promise<number[]> {
  const { rows } = await admin.query('select pid, pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [databaseName]);
  return rows.map((row: { pid: number }) => row.pid);
}

/**
 * Waits until the sessions ended are gone: a backend acts on its end a moment after it was asked to (later on a
 * busy machine), and until then the pool may still hand out its idle client as a live one.
 */
async function untilEnded(pids: number[]): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where pid = any($1::int[])', [pids]);
    if (rows[0].n === 0) return;
  }
  throw new Error('the sessions were never ended');
}

/** Waits until the database has no session of the test's left but the admin's: the ends have been sent. */
async function untilSessionsGone(): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [databaseName]);
    if (rows[0].n === 0) return;
  }
  throw new Error('the sessions were never ended');
}

describe('PostgreSQL ends every session (a restart, a failover)', () => {
  it('a connection held out of the pool loses it without ending the process, and the pool serves again', async () => {
    const held = await holdConnection(t.deps.db);
    await held.db.execute(sql`select 1`);
    expect((await endEverySession()).length).toBeGreaterThan(0);
    // The held client is idle: its end arrives as an 'error' event, with no statement to fail.
    await untilSessionsGone();
    const error = await held.db.execute(sql`select 1`).then(() => null, (e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
    held.release(error as Error);

    const res = await api.native.get('/api/v1/fetch_region');
    expect(res.statusCode).toBe(200);
    const ready = await api.native.get('/readyz');
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', kv: 'ok' } });
    const served = await t.deps.db.execute(sql`select 1 as one`);
    expect((served as unknown as { rows: unknown[] }).rows).toHaveLength(1);
  });

  it('a statement cut off mid-way is told apart from a refused one', async () => {
    const slow = t.deps.db.execute(sql`select pg_sleep(20)`);
    const failed = slow.then(() => null, (error: unknown) => error);
    // The sleep must have started before the sessions end, or there is nothing to cut off.
    for (let i = 0; i < 200; i++) {
      const { rows } = await admin.query("select count(*)::int as n from pg_stat_activity where datname = $1 and query like 'select pg_sleep%' and state = 'active'", [databaseName]);
      if (rows[0].n > 0) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await endEverySession();
    const error = await failed;
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(true);
    // A statement the database refuses is not "unavailable": it stays the 4xx or 500 it was.
    const refused = await t.deps.db.execute(sql`select 1/0`).then(() => null, (e: unknown) => e);
    expect(isDatabaseUnavailable(refused)).toBe(false);
  });

  it('buyers placing orders while every session ends get 201 or 503 with Retry-After, never 500, and the orders answered 201 exist', async () => {
    const sku = await makeSku(t);
    await stockKeys(t, sku.id, steamCodes(40, 'RESTART'));
    const buyers = await Promise.all(Array.from({ length: 40 }, () => makeAccount(t)));
    const place = (token: string) => api.native.post('/api/orders', { order: { sku_ids: [sku.id], cate: 'game', type: 'one_click' } }, { token });

    const rush = buyers.map((buyer) => place(buyer.token));
    const ended = await endEverySession();
    const answers = await Promise.all(rush);
    for (const res of answers) {
      expect([201, 503], res.body).toContain(res.statusCode);
      if (res.statusCode === 503) {
        expect(res.headers['retry-after']).toBe('2');
        expect(res.json()).toEqual({ errors: { base: ['unavailable'] } });
      }
    }
    const placedIds = answers.filter((res) => res.statusCode === 201).map((res) => (res.json() as { id: number }).id);
    for (const id of placedIds) {
      const rows = await t.deps.db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
      expect(rows, `order ${id} answered 201 but not stored`).toHaveLength(1);
    }

    // Served again as soon as the ended sessions are gone: every buyer told 503 can place their order now.
    await untilEnded(ended);
    const retried = await Promise.all(buyers.filter((_, i) => answers[i]!.statusCode === 503).map((buyer) => place(buyer.token)));
    for (const res of retried) expect(res.statusCode, res.body).toBe(201);
  });
});
