import { sql } from 'drizzle-orm';
import type { Db } from '../../src/platform/db/client.ts';

/**
 * Backends of the test's PostgreSQL database waiting on a lock: a PostgreSQL test waits (vi.waitFor) until the
 * call it started is really queued behind the lock it holds on another connection, then lets it go.
 */
export async function lockWaiters(db: Db): Promise<number> {
  const rows = await db.execute<{ n: number | string }>(sql`select count(*) as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: { n: number | string }[] }).rows);
  return Number(list[0]!.n);
}
