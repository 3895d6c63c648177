import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { REPORT_REASON_WEIGHTS, type Area, type ReportReason, type ReportResolution } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { fail } from '../../platform/errors.ts';
import { moderationReports as r } from './tables.ts';
import { placeOf, reportTarget } from './targets.ts';
import { assertMayResolve, type ModeratorScope } from './scope.ts';
import { assertMayWrite } from './guard.ts';
import { muteAccount } from './mutes.ts';
import { forgetStanding } from './standing-cache.ts';
import { notify } from '../notifications/index.ts';
import { pushLiveEvents } from '../live/index.ts';

type ReportRow = typeof r.$inferSelect;

function present(row: ReportRow) {
  return {
    id: row.id,
    target_type: row.targetType,
    target_id: row.targetId,
    reason: row.reason,
    text: row.text,
    status: row.status,
    created_at_timestamp: toTimestamp(row.createdAt),
  };
}

/**
 * A user reports something (docs/product/community.md#reports): the target must be of a registered type
 * (else 422) and exist (else 404); one's own content cannot be reported; the report counts against the
 * day's report budget; one open report per reporter and target (`taken`).
 */
export async function createReport(deps: Deps, reporterId: number, input: { target_type: string; target_id: number; reason: ReportReason; text?: string }) {
  const target = reportTarget(input.target_type);
  if (!target) throw fail.unprocessable('target_type', 'invalid');
  const loaded = await target.load(deps, input.target_id);
  if (!loaded) throw fail.notFound('target_id');
  if (loaded.authorId === reporterId) throw fail.unprocessable('target_id', 'invalid');
  await assertMayWrite(deps, reporterId, 'report');
  const place = await placeOf(deps, input.target_type, input.target_id);
  const [row] = await deps.db
    .insert(r)
    .values({
      reporterId,
      targetType: input.target_type,
      targetId: input.target_id,
      targetAuthorId: loaded.authorId,
      area: loaded.area,
      summary: loaded.summary.slice(0, 500),
      reason: input.reason,
      severity: REPORT_REASON_WEIGHTS[input.reason],
      text: input.text ?? '',
      groupId: place.groupId,
      path: place.path,
      createdAt: deps.clock.now(),
    })
    .onConflictDoNothing({ target: [r.reporterId, r.targetType, r.targetId], where: sql`${r.status} = 'open'` })
    .returning();
  if (!row) throw fail.unprocessable('target_id', 'taken');
  return { report: present(row) };
}

/**
 * A system report (no reporter): a text with a `flag` watched word was published, and staff see it in their
 * queue with the words found (docs/product/community.md#watched-words). One open system report per target.
 */
export async function fileSystemReport(deps: Deps, input: { targetType: string; targetId: number; authorId: number; area: Area; summary: string; words: string[] }): Promise<void> {
  const [open] = await deps.db.select({ id: r.id }).from(r)
    .where(and(eq(r.targetType, input.targetType), eq(r.targetId, input.targetId), isNull(r.reporterId), eq(r.status, 'open'))).limit(1);
  if (open) return;
  const place = await placeOf(deps, input.targetType, input.targetId);
  await deps.db.insert(r).values({
    groupId: place.groupId,
    path: place.path,
    reporterId: null,
    targetType: input.targetType,
    targetId: input.targetId,
    targetAuthorId: input.authorId,
    area: input.area,
    summary: input.summary.slice(0, 500),
    reason: 'other',
    severity: REPORT_REASON_WEIGHTS.other,
    text: `watched words: ${input.words.join(', ')}`.slice(0, 500),
    createdAt: deps.clock.now(),
  });
}

/** Each reporter's resolved and upheld counts, for the accuracy the queue is ordered by. */
function reporterStats(deps: Deps) {
  return deps.db
    .select({
      reporterId: r.reporterId,
      upheld: sql<number>`count(*) filter (where ${r.status} = 'upheld')`.as('upheld'),
      resolved: sql<number>`count(*) filter (where ${r.status} <> 'open')`.as('resolved'),
    })
    .from(r)
    .groupBy(r.reporterId)
    .as('reporter_stats');
}

/**
 * The report queue: by severity (the reason's weight), then the reporter's accuracy (REPORT accuracy smoothed
 * as domain `reporterAccuracy`: (upheld + 1) / (resolved + 2)), then oldest first. Staff see every report; a group
 * moderator only those about items of their groups (decisions/0043).
 */
export async function reportQueue(deps: Deps, scope: ModeratorScope, query: { status: 'open' | 'upheld' | 'dismissed'; area?: Area; page: number; per: number }) {
  const inScope = scope.staff ? undefined : inArray(r.groupId, scope.groupIds.length > 0 ? scope.groupIds : [-1]);
  const where = and(eq(r.status, query.status), query.area === undefined ? undefined : eq(r.area, query.area), inScope);
  const stats = reporterStats(deps);
  const accuracy = sql<number>`(coalesce(${stats.upheld}, 0) + 1)::float8 / (coalesce(${stats.resolved}, 0) + 2)`.mapWith(Number);
  const rows = await deps.db
    .select({ report: r, accuracy })
    .from(r)
    .leftJoin(stats, eq(stats.reporterId, r.reporterId))
    .where(where)
    .orderBy(desc(r.severity), desc(accuracy), asc(r.createdAt), asc(r.id))
    .limit(query.per)
    .offset((query.page - 1) * query.per);
  const [total] = await deps.db.select({ n: count() }).from(r).where(where);
  return {
    reports: rows.map(({ report, accuracy }) => ({
      ...present(report),
      area: report.area,
      reporter_id: report.reporterId,
      reporter_accuracy: Math.round(accuracy * 1000) / 1000,
      severity: report.severity,
      target_author_id: report.targetAuthorId,
      summary: report.summary,
      resolution: report.resolution,
      resolved_by: report.resolvedBy,
      resolved_at_timestamp: toTimestamp(report.resolvedAt),
      claimed_by: report.claimedBy,
      claimed_at_timestamp: toTimestamp(report.claimedAt),
      group_id: report.groupId,
      path: report.path,
    })),
    meta: { total_count: total!.n, page: query.page, per: query.per },
  };
}

/**
 * Staff (or a moderator of the item's group) resolve a report, and with it every open report on the same target, in one transaction: the action is
 * applied through the target's registered type (hide or delete; mute hides the target and mutes its author for
 * `muteDays`), each report records who resolved it and when. Dismissing upholds nothing, so it lowers the
 * reporters' accuracy; the rest raise it and count against the author's standing.
 */
/** The word an `operate` notification carries for each resolution that acts on the content. */
const OPERATE_DETAIL: Record<Exclude<ReportResolution, 'dismiss'>, string> = { hide: 'hidden', delete: 'deleted', mute: 'muted' };

export async function resolveReport(deps: Deps, scope: ModeratorScope, reportId: number, input: { action: ReportResolution; mute_days?: number; note?: string }) {
  const staffId = scope.accountId;
  const [report] = await deps.db.select().from(r).where(eq(r.id, reportId)).limit(1);
  if (!report) throw fail.notFound();
  // A group moderator resolves reports about their groups' items, and never with the site-wide mute.
  assertMayResolve(scope, report.groupId, input.action);
  if (report.status !== 'open') throw fail.unprocessable('base', 'state_invalid');
  if (input.action === 'mute' && input.mute_days === undefined) throw fail.unprocessable('mute_days', 'blank');
  if (input.action === 'mute' && report.targetAuthorId === null) throw fail.unprocessable('base', 'invalid');
  const target = reportTarget(report.targetType);
  if (!target && input.action !== 'dismiss') throw fail.unprocessable('target_type', 'invalid');
  const now = deps.clock.now();
  let unmuteAt: Date | null = null;
  const { ids, events } = await deps.db.transaction(async (tx) => {
    const resolved = await tx
      .update(r)
      .set({ status: input.action === 'dismiss' ? 'dismissed' : 'upheld', resolution: input.action, resolvedBy: staffId, resolvedAt: now, note: input.note ?? null })
      .where(and(eq(r.targetType, report.targetType), eq(r.targetId, report.targetId), eq(r.status, 'open')))
      .returning({ id: r.id });
    // Another staff member resolved them meanwhile: nothing is applied twice.
    if (!resolved.some((x) => x.id === reportId)) throw fail.unprocessable('base', 'state_invalid');
    if (input.action === 'hide' || input.action === 'mute') await target!.hide(deps, report.targetId, tx);
    if (input.action === 'delete') await target!.remove(deps, report.targetId, tx);
    if (input.action === 'mute') {
      unmuteAt = new Date(now.getTime() + input.mute_days! * 86_400_000);
      await muteAccount(deps, report.targetAuthorId!, unmuteAt, input.note ?? `report ${reportId}: ${report.reason}`, staffId, { tx, reportId });
    }
    // The author is told what staff did to their content (operate), last in the transaction.
    const events = input.action === 'dismiss' || report.targetAuthorId === null ? [] : await notify(tx, deps, {
      recipientId: report.targetAuthorId, kind: 'operate', actorId: null, target: { type: report.targetType, id: report.targetId },
      detail: OPERATE_DETAIL[input.action], excerpt: report.summary, href: '/messages?tab=system',
    });
    return { ids: resolved.map((x) => x.id).sort((a, b) => a - b), events };
  });
  // Hidden or deleted: readers' shared copies go now, on every instance, not when the cache expires.
  if (input.action !== 'dismiss') await target!.changed?.(deps, report.targetId);
  await pushLiveEvents(deps, events);
  // Upheld reports (and a mute) change the author's standing: every instance reads it again.
  if (input.action !== 'dismiss' && report.targetAuthorId !== null) await forgetStanding(deps, report.targetAuthorId);
  return { target_type: report.targetType, target_id: report.targetId, action: input.action, resolved_report_ids: ids, unmute_at_timestamp: toTimestamp(unmuteAt) };
}
