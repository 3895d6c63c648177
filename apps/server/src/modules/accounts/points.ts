import { count, desc, eq, sql } from 'drizzle-orm';
import { CLOCK_IN_SCORE, SITES, clockInDay, type Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { accountTasks, accounts, clockIns, pointRecords } from './tables.ts';

/** Adds score with its record, in the caller's transaction, so a balance never differs from its history. */
export async function awardScore(tx: DbOrTx, accountId: number, score: number, reason: string, target?: { type: string; id: number }) {
  await tx.update(accounts).set({ score: sql`${accounts.score} + ${score}`, newScore: sql`${accounts.newScore} + ${score}` }).where(eq(accounts.id, accountId));
  await tx.insert(pointRecords).values({ accountId, kind: 'produce', realScore: score, reason, targetType: target?.type ?? null, targetId: target?.id ?? null });
}

/** A one-time task's score: the task table's key makes "once" hold even under concurrent requests. */
export async function completeTaskOnce(tx: DbOrTx, accountId: number, task: string, score: number): Promise<boolean> {
  const inserted = await tx.insert(accountTasks).values({ accountId, task }).onConflictDoNothing().returning();
  if (inserted.length === 0) return false;
  await awardScore(tx, accountId, score, task);
  return true;
}

/**
 * The check-in day of an account: the calendar of its home site, whichever site it checks in on, so the
 * two sites' different dates (Beijing and UTC) can neither double a day nor skip one.
 */
export function checkInDay(now: Date, homeArea: Area): string {
  // Every signed-in read asks (GET /api/me three times): the day is kept per minute, exact because time
  // zones are whole minutes off UTC, so a day always begins on a minute.
  const minute = Math.floor(now.getTime() / 60_000);
  const known = lastDay[homeArea];
  if (known.minute === minute) return known.day;
  const day = clockInDay(toTimestamp(now), SITES[homeArea].timeZone);
  lastDay[homeArea] = { minute, day };
  return day;
}
const lastDay: Record<Area, { minute: number; day: string }> = { native: { minute: NaN, day: '' }, abroad: { minute: NaN, day: '' } };

/** POST /api/me/clock_in: once per check-in day; the second answers `greater_than` (docs/product/accounts.md#check-in). */
export async function clockIn(deps: Deps, homeArea: Area, accountId: number) {
  const day = checkInDay(deps.clock.now(), homeArea);
  return deps.db.transaction(async (tx) => {
    const inserted = await tx.insert(clockIns).values({ accountId, day, score: CLOCK_IN_SCORE }).onConflictDoNothing().returning();
    if (inserted.length === 0) throw fail.unprocessable('base', 'greater_than');
    await awardScore(tx, accountId, CLOCK_IN_SCORE, 'clock_in');
    return { score_added: CLOCK_IN_SCORE, day };
  });
}

/** GET /api/point_details: newest first. */
export async function pointDetails(deps: Deps, accountId: number, page: number, per: number) {
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(pointRecords).where(eq(pointRecords.accountId, accountId)).orderBy(desc(pointRecords.id)).limit(per).offset((page - 1) * per),
    // The count, the sum of every record and the score in one statement: one snapshot, so the page's total and
    // its history agree even while points move (docs/product/accounts.md#points-history).
    deps.db.select({
      n: count(),
      recorded: sql<string>`coalesce(sum(${pointRecords.realScore}), 0)`,
      score: sql<number>`(select ${accounts.score} from ${accounts} where ${accounts.id} = ${accountId})`,
    }).from(pointRecords).where(eq(pointRecords.accountId, accountId)),
  ]);
  return {
    point_details: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      real_score: r.realScore,
      reason: r.reason,
      target_type: r.targetType,
      target_id: r.targetId,
      created_at_timestamp: toTimestamp(r.createdAt),
    })),
    meta: { total_count: total?.n ?? 0, page, per, score: Number(total?.score ?? 0), recorded_score: Number(total?.recorded ?? 0) },
  };
}
