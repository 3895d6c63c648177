import { and, asc, desc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import { SITES, lotteryStatus, prizeProbabilities, seedRevealed, type Area } from '@lantern/domain';
import type { LotteryActivity } from '@lantern/contract';
import type { DbOrTx } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { lotteryActivities, lotteryPrizes } from './tables.ts';

export type ActivityRow = typeof lotteryActivities.$inferSelect;
export type PrizeRow = typeof lotteryPrizes.$inferSelect;

export const windowOf = (row: ActivityRow) => ({ from_timestamp: toTimestamp(row.fromAt), to_timestamp: toTimestamp(row.toAt), closed: row.closed });

/** An activity of the site, or 404 (another site's is not found either). */
export async function findActivity(db: DbOrTx, area: Area, id: number, mode?: ActivityRow['mode']): Promise<ActivityRow> {
  const [row] = await db.select().from(lotteryActivities).where(and(eq(lotteryActivities.id, id), eq(lotteryActivities.area, area))).limit(1);
  if (!row || (mode && row.mode !== mode)) throw fail.notFound();
  return row;
}

export async function prizesOf(db: DbOrTx, activityIds: readonly number[]): Promise<PrizeRow[]> {
  if (activityIds.length === 0) return [];
  return db.select().from(lotteryPrizes).where(inArray(lotteryPrizes.activityId, [...activityIds])).orderBy(asc(lotteryPrizes.position), asc(lotteryPrizes.id));
}

/**
 * The activities of a site: the named ones (`ids`), or else those not ended yet and those ended in the last
 * 30 days (whose seeds are revealed for checking), newest window first.
 */
export async function loadActivities(db: DbOrTx, area: Area, now: Date, ids?: readonly number[]): Promise<ActivityRow[]> {
  const where: SQL[] = [eq(lotteryActivities.area, area)];
  if (ids) where.push(inArray(lotteryActivities.id, [...ids]));
  else where.push(gt(lotteryActivities.toAt, new Date(now.getTime() - 30 * 86_400_000)));
  return db.select().from(lotteryActivities).where(and(...where)).orderBy(desc(lotteryActivities.fromAt), desc(lotteryActivities.id)).limit(50);
}

/** An activity as the API shows it: every prize with its stock and probability, the seed's hash, the seed once ended. */
export function presentActivity(row: ActivityRow, prizes: readonly PrizeRow[], now: Date): LotteryActivity {
  const window = windowOf(row);
  const nowSec = toTimestamp(now);
  const own = prizes.filter((p) => p.activityId === row.id);
  const odds = prizeProbabilities(own.map((p) => ({ prize_id: p.id, weight: p.weight, left_count: p.leftCount })));
  return {
    id: row.id,
    area: row.area,
    currency: SITES[row.area].currency,
    mode: row.mode,
    title: row.title,
    description: row.description,
    status: lotteryStatus(window, nowSec),
    ...window,
    cost_points: row.costPoints,
    per_user_limit: row.perUserLimit,
    daily_limit: row.dailyLimit,
    minimum_order_amount: row.minimumOrderAmount,
    required_sku_id: row.requiredSkuId,
    share_draws_per_order: row.shareDrawsPerOrder,
    seed_hash: row.seedHash,
    seed: seedRevealed(window, nowSec) ? row.seed : null,
    prizes: own.map((p) => ({
      id: p.id, kind: p.kind, title: p.title, points: p.points, coupon_id: p.couponId, sku_id: p.skuId, value: p.value, weight: p.weight,
      total_count: p.totalCount, left_count: p.leftCount, probability: odds.get(p.id) ?? 0, index: p.position,
    })),
  };
}

export async function presentActivities(db: DbOrTx, rows: readonly ActivityRow[], now: Date): Promise<LotteryActivity[]> {
  const prizes = await prizesOf(db, rows.map((r) => r.id));
  return rows.map((row) => presentActivity(row, prizes, now));
}
