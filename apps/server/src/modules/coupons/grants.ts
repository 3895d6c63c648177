import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Area } from '@lantern/domain';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';
import type { LocalizedName } from '../catalog/index.ts';
import { accountCoupons, coupons } from './tables.ts';

export type CouponGrantProblem = 'unavailable' | 'held' | 'exhausted';

/**
 * Gives an account one of a coupon outside the claim page (a redeem code's goods), in the caller's
 * transaction: the coupon must be active on the area and not past its end; a unit is taken from
 * `left_amount` like a claim, and an account holds a coupon once (unique key). The caller rolls back
 * on a problem, so a unit taken before a refused insert goes back with it.
 */
export async function grantCoupon(tx: Tx, accountId: number, area: Area, couponId: number, now: Date): Promise<{ accountCouponId: number } | { problem: CouponGrantProblem }> {
  const [row] = await tx.select().from(coupons).where(and(eq(coupons.id, couponId), eq(coupons.area, area))).limit(1);
  if (!row || row.status !== 'active' || (row.validUntil !== null && row.validUntil.getTime() <= now.getTime())) return { problem: 'unavailable' };
  const taken = await tx.update(coupons).set({ leftAmount: sql`${coupons.leftAmount} - 1` }).where(and(eq(coupons.id, couponId), gt(coupons.leftAmount, 0))).returning({ id: coupons.id });
  if (taken.length === 0) return { problem: 'exhausted' };
  const [held] = await tx.insert(accountCoupons).values({ accountId, couponId, area, createdAt: now }).onConflictDoNothing().returning({ id: accountCoupons.id });
  if (!held) return { problem: 'held' };
  return { accountCouponId: held.id };
}

/** Titles of coupons, for lists that name them (redeem goods). */
export async function couponTitles(db: DbOrTx, ids: readonly number[]): Promise<Map<number, LocalizedName>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: coupons.id, title: coupons.title }).from(coupons).where(inArray(coupons.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** The account coupon an account holds of a coupon, if any. */
export async function heldCouponId(db: DbOrTx, accountId: number, couponId: number): Promise<number | null> {
  const [row] = await db.select({ id: accountCoupons.id }).from(accountCoupons).where(and(eq(accountCoupons.accountId, accountId), eq(accountCoupons.couponId, couponId))).limit(1);
  return row?.id ?? null;
}

/** The site a coupon belongs to, or null when there is no such coupon. */
export async function couponAreaOf(db: DbOrTx, couponId: number): Promise<Area | null> {
  const [row] = await db.select({ area: coupons.area }).from(coupons).where(eq(coupons.id, couponId)).limit(1);
  return row?.area ?? null;
}
