import { and, eq, isNull, or } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { fail } from '../../platform/errors.ts';
import { moderationReports as r } from './tables.ts';
import { assertMayWorkReport, type ModeratorScope } from './scope.ts';

/**
 * A staff member or a moderator of the item's group claims a report, and with it every open report on the same target (the target is what gets
 * resolved), so two people do not work one case (decisions/0035). One conditional update: unclaimed or already
 * the caller's. Claimed by someone else is 422 `taken` with `meta.claimed_by`; a resolved report is
 * `state_invalid`. A claim only tells: whoever resolves the target, resolves it.
 */
export async function claimReport(deps: Deps, scope: ModeratorScope, reportId: number) {
  const staffId = scope.accountId;
  const report = await openReport(deps, scope, reportId);
  const now = deps.clock.now();
  const claimed = await deps.db
    .update(r)
    .set({ claimedBy: staffId, claimedAt: now })
    .where(and(eq(r.targetType, report.targetType), eq(r.targetId, report.targetId), eq(r.status, 'open'), or(isNull(r.claimedBy), eq(r.claimedBy, staffId))))
    .returning({ id: r.id });
  if (!claimed.some((x) => x.id === reportId)) {
    const [current] = await deps.db.select({ status: r.status, claimedBy: r.claimedBy }).from(r).where(eq(r.id, reportId)).limit(1);
    if (current?.status !== 'open') throw fail.unprocessable('base', 'state_invalid');
    throw fail.unprocessable('base', 'taken', { claimed_by: current.claimedBy });
  }
  return { claimed_report_ids: claimed.map((x) => x.id).sort((a, b) => a - b), claimed_by: staffId, claimed_at_timestamp: toTimestamp(now) };
}

/** Gives a claim back: only one's own, on open reports (else 422 `state_invalid`). */
export async function releaseReport(deps: Deps, scope: ModeratorScope, reportId: number) {
  const staffId = scope.accountId;
  const report = await openReport(deps, scope, reportId);
  const released = await deps.db
    .update(r)
    .set({ claimedBy: null, claimedAt: null })
    .where(and(eq(r.targetType, report.targetType), eq(r.targetId, report.targetId), eq(r.status, 'open'), eq(r.claimedBy, staffId)))
    .returning({ id: r.id });
  if (released.length === 0) throw fail.unprocessable('base', 'state_invalid');
  return { claimed_report_ids: [] as number[], claimed_by: null, claimed_at_timestamp: null };
}

/** An open report the scope may work (a group moderator: about their groups' items only, else 403). */
async function openReport(deps: Deps, scope: ModeratorScope, reportId: number) {
  const [report] = await deps.db.select({ targetType: r.targetType, targetId: r.targetId, status: r.status, groupId: r.groupId }).from(r).where(eq(r.id, reportId)).limit(1);
  if (!report) throw fail.notFound();
  assertMayWorkReport(scope, report.groupId);
  if (report.status !== 'open') throw fail.unprocessable('base', 'state_invalid');
  return report;
}
