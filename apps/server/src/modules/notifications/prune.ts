import { sql } from 'drizzle-orm';
import { readNotificationsKeptSince } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { PeriodicJob } from '../../platform/jobs.ts';

/** Rows one statement deletes: small enough that a run never holds many locks or a long transaction. */
const BATCH = 5_000;

/**
 * Deletes notifications read longer ago than the product keeps them (docs/product/messaging.md#notification-pruning),
 * batch by batch until none is left. Unread ones are never touched, so the unread counters stay equal to a
 * recount; a notification read meanwhile simply waits for a later run.
 */
export async function pruneReadNotifications(deps: Deps): Promise<number> {
  const before = readNotificationsKeptSince(deps.clock.now()).toISOString();
  let pruned = 0;
  for (;;) {
    const result = (await deps.db.execute(sql`
      DELETE FROM notifications WHERE id IN (
        SELECT id FROM notifications WHERE read_at IS NOT NULL AND read_at < ${before}::timestamptz LIMIT ${BATCH}
      )`)) as unknown as { rowCount?: number | null; affectedRows?: number };
    const deleted = Number(result.rowCount ?? result.affectedRows ?? 0);
    pruned += deleted;
    if (deleted < BATCH) return pruned;
  }
}

/** Once a day, on one instance (platform/jobs.ts). */
export const pruneReadNotificationsJob: PeriodicJob = { name: 'prune read notifications', everyMs: 86_400_000, run: (deps) => pruneReadNotifications(deps) };
