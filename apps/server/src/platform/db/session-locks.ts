import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from './client.ts';

/**
 * Locks that die with their holder (docs/decisions/0050): a lock held by an instance that is killed must not
 * outlive it, as a Redis key with a 30 s expiry did (a buyer whose payment the dead instance was making got
 * "busy" for half a minute). On PostgreSQL each lock is a session advisory lock on one connection this
 * instance keeps for them: when the process dies its connection closes and PostgreSQL drops every lock it
 * held at once. Several locks share the one connection (taking or releasing one is a single quick
 * statement for every take and release asked for meanwhile), so a rush of payments does not hold a pooled
 * connection each.
 */
export interface SessionLocks {
  /** Takes the lock if nobody (on any instance) holds it: answers its release, or null when it is held. */
  tryLock(key: string): Promise<(() => Promise<void>) | null>;
  /**
   * True when a transaction's `tryTransactionLockSql` of a key excludes `tryLock`'s holder of it and the reverse
   * (PostgreSQL's advisory locks); false on PGlite, whose one session re-takes any advisory lock it holds.
   */
  readonly sharedWithTransactions: boolean;
  close(): Promise<void>;
}

/** The session locks of a database: PostgreSQL's advisory locks, or (PGlite, one process) an in-process set. */
export function openSessionLocks(database: Database, url: string | undefined, log: Logger): SessionLocks {
  return database.kind === 'postgres' && url ? new PostgresSessionLocks(url, log) : localLocks(database);
}

/**
 * An advisory lock's key: its own seed, so it never meets a transaction lock (`lockedTransaction`, seed 0) of the
 * same text. Taking and releasing go in one statement for every request waiting (see `PostgresSessionLocks.pump`).
 */
const BATCH_SQL = `select n, case when take then pg_try_advisory_lock(hashtextextended(k, 1)) else pg_advisory_unlock(hashtextextended(k, 1)) end as ok
  from unnest($1::text[], $2::boolean[]) with ordinality as asked(k, take, n)`;

/**
 * The same lock as `tryLock`'s, taken for the rest of a transaction (`pg_try_advisory_xact_lock`, same key text and
 * seed): true when taken, false when someone holds it, a session lock of any instance included. For a write that is
 * all one transaction (paying from the wallet, payments/wallet-pay.ts), the lock costs no statement of its own and
 * ends with the transaction — or with its connection, when the process dies (docs/decisions/0050). Only where
 * `sharedWithTransactions` is true does it exclude `tryLock`'s holders.
 */
export const tryTransactionLockSql = (key: SQL): SQL => sql`pg_try_advisory_xact_lock(hashtextextended(${key}, 1))`;

interface Asked {
  take: boolean;
  key: string;
  resolve(ok: boolean): void;
  reject(error: unknown): void;
}

class PostgresSessionLocks implements SessionLocks {
  readonly sharedWithTransactions = true;
  /**
   * Keys this instance holds. A session re-takes its own advisory lock (they count up), so two callers of
   * this instance are kept apart here; PostgreSQL keeps instances apart. A key stays here until its release has
   * answered, so one statement never both takes and releases the same key.
   */
  private readonly held = new Set<string>();
  private client: Promise<pg.Client> | undefined;
  private closed = false;
  /** Takes and releases asked for and not yet sent. */
  private waiting: Asked[] = [];
  /** A statement is in flight on the locks' connection, or about to be sent: the next one waits for it (docs/decisions/0057). */
  private sending = false;

  constructor(private readonly url: string, private readonly log: Logger) {}

  /** The locks' connection, opened on first use and again after it was lost (its locks went with it). */
  private connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    const opening = (async () => {
      const client = new pg.Client({ connectionString: this.url, application_name: 'lantern session locks' });
      client.on('error', (err) => {
        this.log.warn({ err }, 'PostgreSQL session-lock connection lost (its locks are released)');
        if (this.client === opening) this.client = undefined;
      });
      client.on('end', () => {
        if (this.client === opening) this.client = undefined;
      });
      await client.connect();
      return client;
    })();
    this.client = opening;
    opening.catch(() => {
      if (this.client === opening) this.client = undefined;
    });
    return opening;
  }

  /** A take (true) or release (false) of a key, answered whether it was taken / released. */
  private ask(take: boolean, key: string): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      this.waiting.push({ take, key, resolve, reject });
      if (!this.sending) {
        this.sending = true;
        // One turn of the event loop first: the pay calls of a burst that arrived together go in one statement.
        setImmediate(() => void this.pump());
      }
    });
  }

  /**
   * Sends everything asked for so far as ONE statement, then again for what was asked meanwhile, until nothing
   * waits. One statement at a time on the connection (docs/decisions/0057): a rush of pay calls costs a statement
   * per round trip of the connection, not one per call (docs/decisions/0050, "Taken together").
   */
  private async pump(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting;
      this.waiting = [];
      try {
        if (this.closed) throw new Error('session locks are closed');
        const client = await this.connection();
        const { rows } = await client.query<{ n: string; ok: boolean | null }>(BATCH_SQL, [batch.map((a) => a.key), batch.map((a) => a.take)]);
        const answered = new Map(rows.map((row) => [Number(row.n), row.ok === true]));
        batch.forEach((asked, i) => asked.resolve(answered.get(i + 1) ?? false));
      } catch (error) {
        for (const asked of batch) asked.reject(error);
      }
    }
    this.sending = false;
  }

  async tryLock(key: string): Promise<(() => Promise<void>) | null> {
    if (this.closed) throw new Error('session locks are closed');
    if (this.held.has(key)) return null;
    this.held.add(key);
    try {
      if (!(await this.ask(true, key))) {
        this.held.delete(key);
        return null;
      }
    } catch (error) {
      this.held.delete(key);
      throw error;
    }
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      try {
        // A lost connection released it already; the new one holds nothing to release (it answers false).
        await this.ask(false, key);
      } catch (error) {
        this.log.warn({ err: error, key }, 'PostgreSQL session lock not released (it goes with its connection)');
      } finally {
        this.held.delete(key);
      }
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    // Ending the session releases whatever is still held (a shutdown after the drain's deadline).
    if (client) await (await client.catch(() => undefined))?.end().catch(() => {});
  }
}

/** PGlite lives in one process: the locks of every instance on the same database handle are one set. */
const localSets = new WeakMap<Database['db'], Set<string>>();

function localLocks(database: Database): SessionLocks {
  const held = localSets.get(database.db) ?? new Set<string>();
  localSets.set(database.db, held);
  return {
    sharedWithTransactions: false,
    async tryLock(key) {
      if (held.has(key)) return null;
      held.add(key);
      let released = false;
      return async () => {
        if (!released) held.delete(key);
        released = true;
      };
    },
    async close() {},
  };
}
