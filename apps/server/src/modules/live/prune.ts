import { sql } from 'drizzle-orm';
import { LIVE_KEEP_HOURS, LIVE_PRUNE_BATCH } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { PeriodicJob } from '../../platform/jobs.ts';
import { rowsOf } from '../../platform/db/json-rows.ts';

/**
 * Deletes events older than the kept window (docs/product/messaging.md#live-push), a batch per statement so
 * no statement holds many locks or runs long. The streams' positions stay: numbering goes on, and a reader
 * who resumes from before the window is told to `reset`.
 */
export async function pruneLiveEvents(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - LIVE_KEEP_HOURS * 3_600_000);
  let total = 0;
  for (;;) {
    const deleted = await rowsOf<{ n: number }>(deps.db, sql`
      with doomed as (
        select account_id, seq from live_events where created_at < ${cutoff} order by created_at limit ${LIVE_PRUNE_BATCH}
      ), gone as (
        delete from live_events e using doomed d where e.account_id = d.account_id and e.seq = d.seq returning 1
      )
      select count(*)::int as n from gone`);
    const n = Number(deleted[0]?.n ?? 0);
    total += n;
    if (n < LIVE_PRUNE_BATCH) return total;
  }
}

export const pruneLiveEventsJob: PeriodicJob = { name: 'live-events-prune', everyMs: 10 * 60_000, run: pruneLiveEvents };
