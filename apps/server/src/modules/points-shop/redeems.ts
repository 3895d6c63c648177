import { and, asc, count, eq, gt, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { offerStatus, type Area } from '@lantern/domain';
import type { PointRedeem } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { scoreOf } from '../accounts/index.ts';
import { loadSkuRows, presentSkuMap } from '../catalog/index.ts';
import { couponsByIds } from '../coupons/index.ts';
import { pointRedeems, pointRedemptions } from './tables.ts';

export type RedeemRow = typeof pointRedeems.$inferSelect;


/** The window and counters the domain's refusal rule reads. */
export function windowOf(row: RedeemRow) {
  return { from_timestamp: toTimestamp(row.fromAt), to_timestamp: toTimestamp(row.toAt), closed: row.closed };
}

/** Redeems with their SKU or coupon described (one query for each kind). */
export async function presentRedeems(db: DbOrTx, rows: readonly RedeemRow[], now: Date): Promise<PointRedeem[]> {
  if (rows.length === 0) return [];
  const skuIds = rows.flatMap((r) => (r.skuId === null ? [] : [r.skuId]));
  const [skuMap, couponMap] = await Promise.all([
    skuIds.length === 0 ? new Map() : presentSkuMap(db, await loadSkuRows(db, skuIds)),
    couponsByIds(db, rows.flatMap((r) => (r.couponId === null ? [] : [r.couponId]))),
  ]);
  const nowSec = toTimestamp(now);
  return rows.map((row) => {
    const window = windowOf(row);
    return {
      id: row.id,
      area: row.area,
      title: row.title,
      cover: row.cover,
      type: row.type,
      target_id: (row.type === 'sku' ? row.skuId : row.couponId)!,
      list_points: row.listPoints,
      points: row.points,
      left_count: row.leftCount,
      total_count: row.totalCount,
      per_account_limit: row.perAccountLimit,
      from_timestamp: window.from_timestamp,
      to_timestamp: window.to_timestamp,
      status: offerStatus(window, nowSec),
      closed: row.closed,
      index: row.position,
      sku: row.skuId === null ? null : skuMap.get(row.skuId) ?? null,
      coupon: row.couponId === null ? null : couponMap.get(row.couponId) ?? null,
    };
  });
}

/** The site's redeems not closed and not ended (coming ones included), in index order. */
function shownSql(area: Area, now: Date): SQL {
  return and(eq(pointRedeems.area, area), eq(pointRedeems.closed, false), or(isNull(pointRedeems.toAt), gt(pointRedeems.toAt, now)))!;
}

async function shownRedeems(deps: Deps, area: Area): Promise<PointRedeem[]> {
  const now = deps.clock.now();
  const rows = await deps.db.select().from(pointRedeems).where(shownSql(area, now)).orderBy(asc(pointRedeems.position), asc(pointRedeems.id));
  return presentRedeems(deps.db, rows, now);
}

/** Units of each redeem the account has (redeemed, or held by an unpaid order). */
export async function redeemedCounts(db: DbOrTx, accountId: number, redeemIds: readonly number[]): Promise<Map<number, number>> {
  if (redeemIds.length === 0) return new Map();
  const rows = await db.select({ redeemId: pointRedemptions.redeemId, n: count() }).from(pointRedemptions)
    .where(and(eq(pointRedemptions.accountId, accountId), eq(pointRedemptions.released, false), inArray(pointRedemptions.redeemId, [...redeemIds])))
    .groupBy(pointRedemptions.redeemId);
  return new Map(rows.map((r) => [r.redeemId, r.n]));
}

/** GET /api/point_redeems: the shop, with the viewer's points and redeemed counts when signed in. */
export async function listPointRedeems(deps: Deps, area: Area, accountId: number | null) {
  const point_redeems = await shownRedeems(deps, area);
  if (accountId === null) return { point_redeems, score: null, redeemed: [] };
  const [score, counts] = await Promise.all([scoreOf(deps.db, accountId), redeemedCounts(deps.db, accountId, point_redeems.map((r) => r.id))]);
  return { point_redeems, score, redeemed: [...counts].map(([point_redeem_id, n]) => ({ point_redeem_id, count: n })) };
}

/**
 * The home block `point_redeems` ("point-redeem draws"): the shop's live redeems with some left, at most
 * HOME_POINT_REDEEMS. Shared by every viewer of the site (the home is cached), so nothing of the viewer.
 */
export const HOME_POINT_REDEEMS = 6;
export async function homePointRedeems(deps: Deps, area: Area): Promise<PointRedeem[]> {
  const nowSec = toTimestamp(deps.clock.now());
  return (await shownRedeems(deps, area)).filter((r) => offerStatus(r, nowSec) === 'current' && r.left_count > 0).slice(0, HOME_POINT_REDEEMS);
}
