import { and, asc, eq, gt, inArray, lt, not, type SQL } from 'drizzle-orm';
import { SITES, seckillStatus, type Area } from '@lantern/domain';
import { API, type BundleActivity } from '@lantern/contract';
import type { DbOrTx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { loadSkuRows, presentSkuMap, type SkuRow } from '../catalog/index.ts';
import { bundleActivities, bundleGames } from './tables.ts';

export type ActivityRow = typeof bundleActivities.$inferSelect;
export type PoolRow = typeof bundleGames.$inferSelect;
export interface LoadedActivity {
  activity: ActivityRow;
  pool: PoolRow[];
}


/** The status from the clock, as flash sales do (docs/product/deals.md#flash-sale-status). */
export const statusOf = (activity: ActivityRow, now: Date) => seckillStatus(now.getTime(), toTimestamp(activity.fromAt), toTimestamp(activity.toAt));

/** Open for orders: inside its window and not closed. */
export const isLive = (activity: ActivityRow, now: Date) => !activity.closed && statusOf(activity, now) === 'current';

/** Live activities of an area: not closed, inside the window. */
export const liveSql = (now: Date): SQL => and(not(bundleActivities.closed), lt(bundleActivities.fromAt, now), gt(bundleActivities.toAt, now))!;

/** Activities of an area matching `where`, soonest ending first, each with its pool in order. */
export async function loadActivities(db: DbOrTx, area: Area, where?: SQL): Promise<LoadedActivity[]> {
  const activities = await db.select().from(bundleActivities).where(and(eq(bundleActivities.area, area), where))
    .orderBy(asc(bundleActivities.toAt), asc(bundleActivities.id));
  if (activities.length === 0) return [];
  const pool = await db.select().from(bundleGames).where(inArray(bundleGames.activityId, activities.map((a) => a.id)))
    .orderBy(asc(bundleGames.position), asc(bundleGames.id));
  return activities.map((activity) => ({ activity, pool: pool.filter((g) => g.activityId === activity.id) }));
}

/** Activities as the contract shows them: each pool game with its product facts and its SKU as lists show it. */
export async function presentActivities(db: DbOrTx, loaded: readonly LoadedActivity[], now: Date): Promise<BundleActivity[]> {
  const rows = await loadSkuRows(db, loaded.flatMap((l) => l.pool.map((g) => g.skuId)));
  const rowById = new Map<number, SkuRow>(rows.map((r) => [r.sku.id, r]));
  const summaries = await presentSkuMap(db, rows.filter((r) => r.sku.status === 'sale' || r.sku.status === 'pre_sale'));
  return loaded.map(({ activity, pool }) => ({
    id: activity.id,
    area: activity.area,
    title: activity.title,
    covers: { vertical: API.cover(activity.coverSeed, 'vertical'), horizontal: API.cover(activity.coverSeed, 'horizontal') },
    from_timestamp: toTimestamp(activity.fromAt),
    to_timestamp: toTimestamp(activity.toAt),
    status: statusOf(activity, now),
    closed: activity.closed,
    pick_count: activity.pickCount,
    price: activity.price,
    currency: SITES[activity.area].currency,
    game_pool: {
      games: pool.flatMap((g) => {
        const row = rowById.get(g.skuId);
        if (!row) return [];
        return [{
          id: row.sku.id, product_id: row.sku.productId, product_type: row.kind, product_parent_id: row.baseProductId, status: row.sku.status,
          sku: summaries.get(row.sku.id) ?? null,
        }];
      }),
    },
  }));
}
