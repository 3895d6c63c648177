import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from './client.ts';

/**
 * Locks that die with their holder (docs/decisions/0050): a lock held by an instance that is killed must not
 * outlive it, as a Redis key with a 30 s expiry did (a buyer whose payment the dead instance was making got
 * "busy" for half a minute). On PostgreSQL each lock is a session advisory lock on one connection this
 * instance keeps for them: when the process dies its connection closes and PostgreSQL drops every lock it
 * held at once. Several locks share the one connection (taking or releasing one is a single quick
 * statement), so a rush of payments does not hold a pooled connection each.
 */
export interface SessionLocks {
  /** Takes the lock if nobody (on any instance) holds it: answers its release, or null when it is held. */
  tryLock(key: string): Promise<(() => Promise<void>) | null>;
  close(): Promise<void>;
}

/** The session locks of a database: PostgreSQL's advisory locks, or (PGlite, one process) an in-process set. */
export function openSessionLocks(database: Database, url: string | undefined, log: Logger): SessionLocks {
  return database.kind === 'postgres' && url ? new PostgresSessionLocks(url, log) : localLocks(database);
}

/** An advisory lock's key: its own seed, so it never meets a transaction lock (`lockedTransaction`, seed 0) of the same text. */
const LOCK_SQL = 'select pg_try_advisory_lock(hashtextextended($1, 1)) as taken';
const UNLOCK_SQL = 'select pg_advisory_unlock(hashtextextended($1, 1)) as released';

class PostgresSessionLocks implements SessionLocks {
  /**
   * Keys this instance holds. A session re-takes its own advisory lock (they count up), so two callers of
   * this instance are kept apart here; PostgreSQL keeps instances apart.
   */
  private readonly held = new Set<string>();
  private client: Promise<pg.Client> | undefined;
  private closed = false;
  /** The last statement sent on the locks' connection: the next one waits for it (one at a time, docs/decisions/0057). */
  private turn: Promise<unknown> = Promise.resolve();

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

  /**
   * One statement on the locks' connection, after the ones sent before it have answered: several pay calls
   * take and release their locks at the same moment, and a connection takes one statement at a time (node-postgres
   * only queues the others, and pg@9 refuses them). Each is a single short statement, so the wait is brief.
   */
  private statement<Row extends pg.QueryResultRow>(text: string, key: string): Promise<pg.QueryResult<Row>> {
    const sent = this.turn.then(async () => (await this.connection()).query<Row>(text, [key]));
    this.turn = sent.catch(() => undefined);
    return sent;
  }

  async tryLock(key: string): Promise<(() => Promise<void>) | null> {
    if (this.closed) throw new Error('session locks are closed');
    if (this.held.has(key)) return null;
    this.held.add(key);
    try {
      const { rows } = await this.statement<{ taken: boolean }>(LOCK_SQL, key);
      if (!rows[0]?.taken) {
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
        // A lost connection released it already; the new one holds nothing to release.
        await this.statement(UNLOCK_SQL, key);
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
