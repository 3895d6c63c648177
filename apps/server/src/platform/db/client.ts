import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { is, sql } from 'drizzle-orm';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgDialect, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
/** The database as every service sees it: the same Drizzle API over PGlite or a PostgreSQL server. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle; services accept `Db | Tx` so a step can join its caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/** Any fixed number: instances starting together take it in turn, so a migration is applied once. */
const MIGRATION_LOCK = 7_240_001;

export interface OpenOptions {
  url?: string;
  dataDir: string;
  /**
   * PGlite only: a data directory dumped from an already migrated PGlite (`dumpDataDir`), loaded instead of
   * creating a cluster from nothing: creating one costs seconds of WebAssembly, loading one a fraction of that
   * (test files each open their own, test/support/template-database.ts). Migrations still run and find nothing to do.
   */
  template?: Blob;
  /** PostgreSQL only: a statement running longer is cancelled; 0 turns the limit off. */
  statementTimeoutMs?: number;
  /** PostgreSQL only: a session idle inside an open transaction longer is ended, releasing its locks; 0 turns it off. */
  idleInTransactionTimeoutMs?: number;
}

/**
 * Opens the database and applies every committed migration. With a URL it is that PostgreSQL server;
 * without, the embedded PGlite in `dataDir` (`memory://` for a throwaway one), so a fresh clone needs nothing installed.
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) {
    await migratePostgres(options.url);
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 20,
      // A runaway query or a transaction left open (a bug, a hung remote call) would otherwise hold its
      // connection and row locks until the process dies; the server ends it and the request fails instead.
      statement_timeout: options.statementTimeoutMs,
      idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs,
    });
    // An idle client can lose its connection (a server restart, a dropped test database); pg reports it on
    // the pool, and without a listener that would crash the process. The pool replaces the client itself.
    pool.on('error', (err) => console.warn(`PostgreSQL idle client error: ${err.message}`));
    // A client out of the pool (a transaction, a held connection, a checkout lane waiting for buyers) has no
    // listener at all: pg-pool takes its idle listener off at checkout. A connection lost then (a PostgreSQL
    // restart ends every session with 57P01) is an 'error' event on the client, and an event nobody listens to
    // ends the process. The statements on it fail by themselves and the request answers 503 (errors.ts); this
    // listener only keeps the process alive, and pg-pool drops the client when it is released (not queryable).
    pool.on('connect', (client) => client.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`)));
    const db = drizzlePg(pool);
    pools.set(db as unknown as Db, pool);
    shared.add(db);
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.template, extensions: { pg_trgm } });
  const db = drizzlePglite(client);
  shared.add(db);
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

const pools = new WeakMap<Db, pg.Pool>();

/**
 * The databases as `openDatabase` answers them: each statement sent to one takes a pooled connection of its own
 * (PostgreSQL), or waits its turn on PGlite's one. A transaction or a held connection is not among them: it is
 * one connection, which takes one statement at a time (docs/decisions/0057).
 */
const shared = new WeakSet<object>();

/**
 * Independent reads a function runs on a database it was given, which may be the shared database or a
 * transaction: together on the shared one (each on its own pooled connection, the slowest decides the wait),
 * one after another on a transaction or a held connection — where sending them together would gain nothing
 * (node-postgres queues the second behind the first) and is refused by pg@9 (docs/decisions/0057). Each read is
 * a function, so nothing is sent before its turn. Code that only ever holds a transaction awaits its statements
 * in turn instead.
 */
export async function readsOn<T extends readonly unknown[]>(db: DbOrTx, reads: { readonly [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  if (shared.has(db)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}

/** One pooled connection taken out of the pool until released; `broken` drops it instead of reusing it. */
export interface HeldConnection {
  db: Db;
  release(broken?: Error): void;
}

/**
 * Takes one pooled connection, with the database bound to it: work of many statements (a checkout) then
 * waits for the pool once rather than at every statement, which under a rush is what keeps it from
 * queueing behind every other request's statement each time; a caller may also keep it across several such
 * pieces of work. Transactions on it are real ones on that connection. PGlite has a single connection: the
 * database is answered as is.
 */
export async function holdConnection(db: Db): Promise<HeldConnection> {
  const pool = pools.get(db);
  if (!pool) return { db, release: () => {} };
  const client = await pool.connect();
  return { db: drizzlePg(client) as unknown as Db, release: (broken) => client.release(broken) };
}

/**
 * A transaction that starts holding a transaction-scoped advisory lock on `lockKey` (or on each of several
 * keys, taken in the order given: callers sort them so two transactions never wait on each other in a
 * circle), as `db.transaction` followed by `select pg_advisory_xact_lock(hashtextextended(lockKey, 0))` would — but on
 * node-postgres the BEGIN and the lock go in one message (the simple protocol takes both), one round trip
 * instead of two: every checkout starts this way. Commit, rollback on a throw (the work's, or the lock's)
 * and nested transactions (savepoints) are Drizzle's as usual. PGlite (one connection, no round trips to
 * save) runs the two statements.
 */
export async function lockedTransaction<T>(db: Db, lockKey: string | readonly string[], work: (tx: Tx) => Promise<T>): Promise<T> {
  const keys = typeof lockKey === 'string' ? [lockKey] : lockKey;
  const literal = (key: string) => pg.escapeLiteral(key);
  const locks = keys.length === 1
    ? `select pg_advisory_xact_lock(hashtextextended(${literal(keys[0]!)}, 0))`
    : `select pg_advisory_xact_lock(hashtextextended(key, 0)) from unnest(array[${keys.map(literal).join(', ')}]::text[]) as k(key)`;
  return transactionOpenedBy(db, locks, (tx) => work(tx));
}

/**
 * A transaction whose first statement goes with its BEGIN, in one round trip on node-postgres (the simple
 * protocol takes both in one message), as `lockedTransaction`'s lock does; `work` gets that statement's rows.
 * The simple protocol takes no parameters, so `opening` is complete SQL text: build it from constants and
 * numbers the caller has checked, or literals quoted by `pg.escapeLiteral` — never from text a user sent as is.
 * Rows come as node-postgres parses them (JSON as objects, booleans as booleans, bigints as strings).
 * PGlite (one connection, no round trips to save) runs the two statements.
 */
export async function transactionOpenedBy<T, Row = Record<string, unknown>>(db: Db, opening: string, work: (tx: Tx, rows: Row[]) => Promise<T>): Promise<T> {
  // Drizzle's own objects, as its `transaction` builds them (drizzle-orm/node-postgres/session.js).
  const { session, dialect } = db as unknown as { session: unknown; dialect: PgDialect };
  if (!is(session, NodePgSession)) {
    return db.transaction(async (tx) => {
      const { rows } = (await tx.execute(sql.raw(opening))) as unknown as { rows: Row[] };
      return work(tx, rows);
    });
  }
  type SessionParts = ConstructorParameters<typeof NodePgSession>;
  const { client: source, schema, options } = session as unknown as { client: pg.Pool | pg.PoolClient | pg.Client; schema: SessionParts[2]; options: SessionParts[3] };
  const pooled = source instanceof pg.Pool;
  const client = pooled ? await source.connect() : source;
  let broken: Error | undefined;
  try {
    const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, schema, options), schema) as unknown as Tx;
    try {
      const results = (await client.query(`begin; ${opening}`)) as unknown as pg.QueryResult[];
      const result = await work(tx, results[results.length - 1]!.rows as Row[]);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    }
  } finally {
    if (pooled) (client as pg.PoolClient).release(broken);
  }
}

/** Whether an error means the connection itself failed (ended by the server, reset), so it must not be reused. */
export function isConnectionError(error: unknown): error is Error {
  return error instanceof Error && /terminat|Connection terminated|ECONNRESET|not queryable/i.test(error.message);
}

/** SQLSTATE classes of a database that is not there for now: 08 connection exception, 57P01-57P03 shutdown or not yet started. */
const UNAVAILABLE_STATES = /^(08...|57P0[123])$/;

/**
 * Whether an error means the database could not be reached or dropped the connection (a restart, a failover),
 * rather than a refusal of the statement: the request is answered 503 with Retry-After, never 500. Drizzle
 * wraps the driver's error, so its cause is looked at too.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || code === 'ECONNREFUSED' || code === 'ECONNRESET')) return true;
    if (/terminat|Connection terminated|ECONNRESET|not queryable|timeout exceeded when trying to connect/i.test(e.message)) return true;
  }
  return false;
}

/**
 * Applies migrations on a connection of their own, outside the pool's statement timeout (building an index
 * on a large table may take minutes), holding an advisory lock so that instances starting at the same time
 * do not apply the same migration twice: the second waits, then finds nothing left to do.
 */
async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    // Ending the session releases the advisory lock too, even if unlocking is never reached.
    await client.end();
  }
}

/** How many migrations the repository holds (drizzle/meta/_journal.json), read once. */
let committedMigrations: number | undefined;

/**
 * How many committed migrations the database has not applied: 0 when it is up to date. An instance started
 * from newer code than its database (a deploy whose migration failed) is not ready (platform/health.ts).
 */
export async function pendingMigrations(db: Db): Promise<number> {
  committedMigrations ??= (JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: unknown[] }).entries.length;
  const { rows } = (await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`)) as unknown as { rows: { applied: number }[] };
  return Math.max(0, committedMigrations - Number(rows[0]?.applied ?? 0));
}

/** Connections of PostgreSQL's pool in use and requests waiting for one (for /metrics); PGlite has no pool. */
export function poolUsage(db: Db): { inUse: number; waiting: number } | null {
  const pool = pools.get(db);
  return pool ? { inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount } : null;
}
