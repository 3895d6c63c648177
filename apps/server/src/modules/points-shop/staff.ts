import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { isKeyedKind, unitPointsPrice } from '@lantern/domain';
import type { PointRedeem, createPointRedeemRequest, updatePointRedeemRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { loadSkuRows, skuCoversOf } from '../catalog/index.ts';
import { couponAreaOf } from '../coupons/index.ts';
import { presentRedeems } from './redeems.ts';
import { pointRedeems } from './tables.ts';

type CreateInput = z.infer<typeof createPointRedeemRequest>['point_redeem'];
type UpdateInput = z.infer<typeof updatePointRedeemRequest>['point_redeem'];

const atSec = (sec: number) => new Date(sec * 1000);

async function presentOne(deps: Deps, id: number): Promise<PointRedeem> {
  const rows = await deps.db.select().from(pointRedeems).where(eq(pointRedeems.id, id));
  return (await presentRedeems(deps.db, rows, deps.clock.now()))[0]!;
}

/**
 * What a redeem gives and what it costs. A `sku` redeem costs the SKU's own points price (and is listed
 * against its list points): an order of it placed from the shop is paid at that price at checkout, so the
 * two ways agree. A `coupon` redeem is priced by staff.
 */
async function targetOf(deps: Deps, input: CreateInput) {
  if (input.type === 'sku') {
    const [row] = await loadSkuRows(deps.db, [input.target_id]);
    if (!row || row.sku.area !== input.area || !isKeyedKind(row.kind)) throw fail.unprocessable('target_id', 'invalid');
    const points = unitPointsPrice({ can_points_pay: row.sku.canPointsPay, sale_points: row.sku.salePoints, list_points: row.sku.listPoints });
    if (points === null) throw fail.unprocessable('target_id', 'points_unsupported');
    const covers = await skuCoversOf(deps.db, [row.sku.id]);
    return { skuId: row.sku.id, couponId: null, points, listPoints: Math.max(points, row.sku.listPoints ?? points), cover: covers.get(row.sku.id)?.vertical ?? '' };
  }
  if ((await couponAreaOf(deps.db, input.target_id)) !== input.area) throw fail.unprocessable('target_id', 'invalid');
  if (input.points === undefined) throw fail.unprocessable('points', 'blank');
  return { skuId: null, couponId: input.target_id, points: input.points, listPoints: Math.max(input.points, input.list_points ?? input.points), cover: `/media/covers/coupon-${input.target_id}.svg` };
}

/** POST /api/admin/point_redeems. */
export async function createPointRedeem(deps: Deps, input: CreateInput): Promise<PointRedeem> {
  if (input.to_timestamp != null && input.to_timestamp <= input.from_timestamp) throw fail.unprocessable('to_timestamp', 'invalid');
  const target = await targetOf(deps, input);
  const now = deps.clock.now();
  const [row] = await deps.db.insert(pointRedeems).values({
    area: input.area, title: input.title, cover: input.cover || target.cover, type: input.type, skuId: target.skuId, couponId: target.couponId,
    points: target.points, listPoints: target.listPoints, totalCount: input.left_count, leftCount: input.left_count,
    perAccountLimit: input.per_account_limit ?? null, position: input.index ?? 0, fromAt: atSec(input.from_timestamp),
    toAt: input.to_timestamp == null ? null : atSec(input.to_timestamp), createdAt: now, updatedAt: now,
  }).returning({ id: pointRedeems.id });
  return presentOne(deps, row!.id);
}

/**
 * PATCH /api/admin/point_redeems/{id}: what is given. `left_count` sets what is left (the total grows with
 * it); a `sku` redeem keeps its SKU's points price. `closed: true` stops it at once.
 */
export async function updatePointRedeem(deps: Deps, id: number, input: UpdateInput): Promise<PointRedeem> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(pointRedeems).where(eq(pointRedeems.id, id)).for('update');
    if (!row) throw fail.notFound();
    const fromAt = input.from_timestamp === undefined ? row.fromAt : atSec(input.from_timestamp);
    const toAt = input.to_timestamp === undefined ? row.toAt : input.to_timestamp === null ? null : atSec(input.to_timestamp);
    if (toAt && toAt.getTime() <= fromAt.getTime()) throw fail.unprocessable('to_timestamp', 'invalid');
    if (row.type === 'sku' && (input.points !== undefined || input.list_points !== undefined)) throw fail.unprocessable('points', 'invalid');
    const points = input.points ?? row.points;
    const listPoints = Math.max(points, input.list_points ?? row.listPoints);
    const leftCount = input.left_count ?? row.leftCount;
    await tx.update(pointRedeems).set({
      title: input.title, cover: input.cover, points, listPoints, leftCount, totalCount: Math.max(row.totalCount, leftCount + (row.totalCount - row.leftCount)),
      perAccountLimit: input.per_account_limit, position: input.index, fromAt, toAt, closed: input.closed, updatedAt: deps.clock.now(),
    }).where(eq(pointRedeems.id, id));
  });
  return presentOne(deps, id);
}
