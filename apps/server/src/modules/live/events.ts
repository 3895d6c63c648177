import { sql } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/json-rows.ts';
import { liveAppendSql, liveEventsOf, type LiveEventRow } from './append-sql.ts';
import type { LiveEvent, LiveEventInput } from './event-shape.ts';

/** The kv channel every instance listens on; an event travels on it only after it is committed. */
export const LIVE_CHANNEL = 'live:events';

/**
 * Writes events in the caller's transaction, in one statement (`liveAppendSql`): each stream's position moves
 * forward by its events (rows locked in account order so two writers cannot deadlock), and the events are
 * inserted. Push them with `pushLiveEvents` once the transaction has committed.
 */
export async function appendLiveEvents(tx: DbOrTx, inputs: readonly LiveEventInput[], now: Date): Promise<LiveEvent[]> {
  if (inputs.length === 0) return [];
  const batch = JSON.stringify(inputs.map((input, ord) => ({ account_id: input.accountId, type: input.type, data: input.data ?? null, ord })));
  const append = liveAppendSql({
    from: sql`jsonb_to_recordset(${batch}::jsonb) AS asked(account_id bigint, type text, data jsonb, ord int)`,
    accountId: sql`asked.account_id`,
    type: sql`asked.type`,
    data: sql`coalesce(asked.data, 'null'::jsonb)`,
    order: sql`asked.ord`,
  }, now);
  return liveEventsOf(await rowsOf<LiveEventRow>(tx, sql`WITH ${append.ctes} SELECT account_id, seq, type, data, created_at FROM ${append.events}`));
}

/** Tells every instance (kv pub/sub: Redis, or in-process) about committed events; their streams send them on. */
export async function pushLiveEvents(deps: Pick<Deps, 'kv' | 'log'>, events: readonly LiveEvent[]): Promise<void> {
  if (events.length === 0) return;
  try {
    await deps.kv.publish(LIVE_CHANNEL, JSON.stringify(events));
  } catch (error) {
    // The events are committed: a reader who missed the push gets them when it resumes (Last-Event-ID).
    deps.log.warn({ err: error }, 'live events not pushed');
  }
}

/**
 * After the caller's own transaction has committed: writes the events in a short transaction of their own
 * (a stream's row is locked only for that), then pushes them. For events that need not commit with the
 * change they tell of, because the change is itself the truth the reader rereads (a notification's row).
 */
export async function publishLive(deps: Pick<Deps, 'db' | 'kv' | 'log' | 'clock'>, inputs: readonly LiveEventInput[]): Promise<LiveEvent[]> {
  if (inputs.length === 0) return [];
  const events = await (deps.db as Db).transaction((tx) => appendLiveEvents(tx, inputs, deps.clock.now()));
  await pushLiveEvents(deps, events);
  return events;
}
