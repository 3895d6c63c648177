import { setMutedUntil } from '../accounts/index.ts';
import type { Deps } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { fail } from '../../platform/errors.ts';
import { forgetStanding } from './standing-cache.ts';
import { moderationMutes } from './tables.ts';

/**
 * Mutes an account until `until` (docs/product/accounts.md#muted): the end is the account's own
 * `muted_until` (set through accounts' service); this records who did it, why, and from which report. In
 * the caller's transaction when given (resolving a report), which then forgets the writer's cached standing
 * after committing; otherwise this does (standing-cache.ts), so the next write on any instance sees the mute.
 */
export async function muteAccount(deps: Deps, accountId: number, until: Date, reason: string, staffId: number | null, options: { tx?: Tx; reportId?: number } = {}) {
  if (until.getTime() <= deps.clock.now().getTime()) throw fail.unprocessable('until', 'invalid');
  const write = async (db: Tx) => {
    if (!(await setMutedUntil(db, accountId, until))) throw fail.notFound();
    await db.insert(moderationMutes).values({ accountId, until, reason, staffId, reportId: options.reportId ?? null, createdAt: deps.clock.now() });
  };
  if (options.tx) {
    // The caller forgets the writer's standing once its transaction has committed.
    await write(options.tx);
  } else {
    await deps.db.transaction(write);
    await forgetStanding(deps, accountId);
  }
  return { account_id: accountId, is_mute: true, unmute_at_timestamp: toTimestamp(until) };
}

/** Lifts a mute at once, recorded like a mute. */
export async function unmuteAccount(deps: Deps, accountId: number, reason: string, staffId: number | null) {
  await deps.db.transaction(async (tx) => {
    if (!(await setMutedUntil(tx, accountId, null))) throw fail.notFound();
    await tx.insert(moderationMutes).values({ accountId, until: null, reason, staffId, createdAt: deps.clock.now() });
  });
  await forgetStanding(deps, accountId);
  return { account_id: accountId, is_mute: false, unmute_at_timestamp: null };
}
