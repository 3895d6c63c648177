import { sql, type SQL } from 'drizzle-orm';
import type { LiveEvent } from './event-shape.ts';

/**
 * The events another module's statement appends, as SQL over a relation of its own (a CTE's name): one row per
 * event, with expressions for the stream (account id, `EVERYONE` for broadcasts), the type and the data (jsonb),
 * and one that orders a stream's events within the batch.
 */
export interface LiveAppendSource {
  from: SQL;
  accountId: SQL;
  type: SQL;
  data: SQL;
  order: SQL;
}

/** What `liveAppendSql` answers: CTEs to list in the caller's WITH, and the relation of the events written. */
export interface LiveAppendSql {
  /** `live_batch AS (…), live_moved AS (…), live_appended AS (…)`, to follow the caller's own CTEs. */
  ctes: SQL;
  /** The events written (`account_id, seq, type, data, created_at`), for the caller's final SELECT. */
  events: SQL;
}

/** An event as a statement answers it (node-postgres answers bigints as strings). */
export interface LiveEventRow {
  account_id: string | number;
  seq: string | number;
  type: string;
  data: unknown;
  created_at: Date | string;
}

/**
 * Appending to streams inside another module's statement (decisions/0026, "Appending in the writer's
 * statement"), so a write and the event that tells of it are one round trip and one atomic change; the caller
 * never names this module's tables. Each stream's position moves forward by its events in one upsert, rows in
 * account order (two writers cannot deadlock), only once every row of the source is known (the GROUP BY reads
 * it all first, so the caller's own locks are all taken before any stream's); the row lock is held to the end
 * of the statement (or of the caller's transaction), so a stream's numbers commit in order with no gaps. Then
 * the events are inserted, numbered in the source's order. Push the answered events once committed.
 */
export function liveAppendSql(source: LiveAppendSource, now: Date | SQL): LiveAppendSql {
  const at = now instanceof Date ? sql`${now.toISOString()}::timestamptz` : sql`(${now})::timestamptz`;
  const ctes = sql`live_batch AS (
      SELECT (${source.accountId})::bigint AS account_id, (${source.type})::text AS type, (${source.data})::jsonb AS data, ${source.order} AS ord
        FROM ${source.from}
    ), live_moved AS (
      INSERT INTO live_streams (account_id, seq)
      SELECT account_id, count(*) FROM live_batch GROUP BY account_id ORDER BY account_id
      ON CONFLICT (account_id) DO UPDATE SET seq = live_streams.seq + excluded.seq
      RETURNING account_id, seq
    ), live_appended AS (
      INSERT INTO live_events (account_id, seq, type, data, created_at)
      SELECT b.account_id,
             m.seq - count(*) OVER (PARTITION BY b.account_id) + row_number() OVER (PARTITION BY b.account_id ORDER BY b.ord),
             b.type, b.data, ${at}
        FROM live_batch b JOIN live_moved m ON m.account_id = b.account_id
      RETURNING account_id, seq, type, data, created_at
    )`;
  return { ctes, events: sql`live_appended` };
}

/** The events a statement built with `liveAppendSql` answered, in stream and number order. */
export function liveEventsOf(rows: readonly LiveEventRow[]): LiveEvent[] {
  return rows
    .map((row) => ({ accountId: Number(row.account_id), seq: Number(row.seq), type: row.type, data: row.data, createdAt: new Date(row.created_at) }))
    .sort((a, b) => a.accountId - b.accountId || a.seq - b.seq);
}
