import { and, asc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Coupon, CouponArea, createCouponAreaRequest, updateCouponAreaRequest } from '@lantern/contract';
import type { Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { fail } from '../../platform/errors.ts';
import { presentCoupon } from './coupons.ts';
import { couponAreaCoupons, couponAreas, coupons } from './tables.ts';

type CreateInput = z.infer<typeof createCouponAreaRequest>['coupon_area'];
type UpdateInput = z.infer<typeof updateCouponAreaRequest>['coupon_area'];
type AreaRow = typeof couponAreas.$inferSelect;

const atSec = (sec: number) => new Date(sec * 1000);

/** Coupons by id, presented as the claim page shows them; missing ids are left out. */
export async function couponsByIds(db: DbOrTx, ids: readonly number[]): Promise<Map<number, Coupon>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(coupons).where(inArray(coupons.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, presentCoupon(r)]));
}

async function present(db: DbOrTx, rows: readonly AreaRow[], onlyClaimable: boolean, now: Date): Promise<CouponArea[]> {
  if (rows.length === 0) return [];
  const links = await db.select().from(couponAreaCoupons).where(inArray(couponAreaCoupons.areaId, rows.map((r) => r.id))).orderBy(asc(couponAreaCoupons.position));
  const ids = [...new Set(links.map((l) => l.couponId))];
  const couponRows = new Map(ids.length === 0 ? [] : (await db.select().from(coupons).where(inArray(coupons.id, ids))).map((r) => [r.id, r]));
  // The home shows what can be claimed by id: active, listed, not past its end. A sold-out coupon stays
  // (shown as sold out) so an area does not jump while people claim.
  const shown = (c: typeof coupons.$inferSelect) => !onlyClaimable || (c.status === 'active' && c.code === null && (c.validUntil === null || c.validUntil.getTime() > now.getTime()));
  return rows.map((row) => ({
    id: row.id,
    area: row.area,
    title: row.title,
    index: row.position,
    from_timestamp: toTimestamp(row.fromAt),
    to_timestamp: toTimestamp(row.toAt),
    coupons: links.filter((l) => l.areaId === row.id).flatMap((l) => {
      const coupon = couponRows.get(l.couponId);
      return coupon && shown(coupon) ? [presentCoupon(coupon)] : [];
    }),
  }));
}

/**
 * The home block `coupon_areas` (docs/product/deals.md#coupon-areas): the site's open areas in their
 * window, by position then id, each with its claimable coupons. The same for every viewer (the home is
 * shared): whether a viewer holds a coupon comes from the viewer's own coupon calls.
 */
export async function homeCouponAreas(deps: Deps, area: Area): Promise<CouponArea[]> {
  const now = deps.clock.now();
  const rows = await deps.db.select().from(couponAreas)
    .where(and(eq(couponAreas.area, area), eq(couponAreas.closed, false), lte(couponAreas.fromAt, now), or(isNull(couponAreas.toAt), gt(couponAreas.toAt, now))))
    .orderBy(asc(couponAreas.position), asc(couponAreas.id));
  return (await present(deps.db, rows, true, now)).filter((a) => a.coupons.length > 0);
}

/** Every coupon named must be a listed coupon of the area's site (claimable by id). */
async function checkCoupons(tx: Tx, area: Area, ids: readonly number[]): Promise<void> {
  if (new Set(ids).size !== ids.length) throw fail.unprocessable('coupon_ids', 'duplicate');
  const rows = await tx.select({ id: coupons.id, area: coupons.area, code: coupons.code }).from(coupons).where(inArray(coupons.id, [...ids]));
  if (rows.length !== ids.length || rows.some((r) => r.area !== area || r.code !== null)) throw fail.unprocessable('coupon_ids', 'invalid');
}

async function presentOne(deps: Deps, id: number): Promise<CouponArea> {
  const rows = await deps.db.select().from(couponAreas).where(eq(couponAreas.id, id));
  return (await present(deps.db, rows, false, deps.clock.now()))[0]!;
}

/** POST /api/admin/coupon_areas. */
export async function createCouponArea(deps: Deps, input: CreateInput): Promise<CouponArea> {
  const toAt = input.to_timestamp == null ? null : atSec(input.to_timestamp);
  if (toAt && input.to_timestamp! <= input.from_timestamp) throw fail.unprocessable('to_timestamp', 'invalid');
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    await checkCoupons(tx, input.area, input.coupon_ids);
    const [row] = await tx.insert(couponAreas).values({
      area: input.area, title: input.title, position: input.index ?? 0, fromAt: atSec(input.from_timestamp), toAt, createdAt: now, updatedAt: now,
    }).returning({ id: couponAreas.id });
    await tx.insert(couponAreaCoupons).values(input.coupon_ids.map((couponId, position) => ({ areaId: row!.id, couponId, position })));
    return row!.id;
  });
  return presentOne(deps, id);
}

/** PATCH /api/admin/coupon_areas/{id}: what is given; `coupon_ids` replaces the list; `closed: true` hides it. */
export async function updateCouponArea(deps: Deps, id: number, input: UpdateInput): Promise<CouponArea> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(couponAreas).where(eq(couponAreas.id, id)).for('update');
    if (!row) throw fail.notFound();
    const fromAt = input.from_timestamp === undefined ? row.fromAt : atSec(input.from_timestamp);
    const toAt = input.to_timestamp === undefined ? row.toAt : input.to_timestamp === null ? null : atSec(input.to_timestamp);
    if (toAt && toAt.getTime() <= fromAt.getTime()) throw fail.unprocessable('to_timestamp', 'invalid');
    await tx.update(couponAreas).set({ title: input.title, position: input.index, fromAt, toAt, closed: input.closed, updatedAt: deps.clock.now() }).where(eq(couponAreas.id, id));
    if (input.coupon_ids) {
      await checkCoupons(tx, row.area, input.coupon_ids);
      await tx.delete(couponAreaCoupons).where(eq(couponAreaCoupons.areaId, id));
      await tx.insert(couponAreaCoupons).values(input.coupon_ids.map((couponId, position) => ({ areaId: id, couponId, position })));
    }
  });
  return presentOne(deps, id);
}
