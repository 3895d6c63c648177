/**
 * The points shop, gift packs and coupon areas (docs/product/deals.md#points-shop, #gift-packs,
 * #coupon-areas). Windows are server seconds: an offer is live when now is at or after `from` and before `to`
 * (a null end never closes it).
 */

/** What a point redeem gives: a game key (or goods) through a zero-price order, or a coupon. */
export const POINT_REDEEM_TYPES = ['sku', 'coupon'] as const;
export type PointRedeemType = (typeof POINT_REDEEM_TYPES)[number];

export interface OfferWindow {
  from_timestamp: number;
  to_timestamp: number | null;
}

/** `not_start` before from, `current` from `from` up to (not including) `to`, `end` from `to` on. */
export function offerStatus(window: OfferWindow, nowSec: number): 'not_start' | 'current' | 'end' {
  if (nowSec < window.from_timestamp) return 'not_start';
  if (window.to_timestamp !== null && nowSec >= window.to_timestamp) return 'end';
  return 'current';
}

export interface PointRedeemFacts extends OfferWindow {
  closed: boolean;
  /** The redeem's price in points. */
  points: number;
  left_count: number;
  /** How many one account may redeem; null for no limit. */
  per_account_limit: number | null;
  /** How many this account has redeemed (or holds in unpaid orders). */
  redeemed: number;
  /** The account's spendable points. */
  score: number;
}

export type PointRedeemRefusal =
  | { field: 'point_redeem'; reason: 'inactive' | 'not_in_period' | 'no_inventory' | 'exceed_limit' }
  | { field: 'points'; reason: 'no_grade_left'; missing: number };

/** Points still missing to afford `price` (0 when the score covers it). */
export function missingPoints(score: number, price: number): number {
  return Math.max(0, price - Math.max(0, score));
}

/**
 * The first reason an account cannot redeem now, or null: closed or ended (`inactive`), not started
 * (`not_in_period`), sold out (`no_inventory`), its own limit reached (`exceed_limit`), then too few points
 * (`no_grade_left`, with how many are missing). Sold out comes before the account's own facts: it is the
 * rush's common answer and needs nothing of the account.
 */
export function pointRedeemRefusal(facts: PointRedeemFacts, nowSec: number): PointRedeemRefusal | null {
  const status = offerStatus(facts, nowSec);
  if (facts.closed || status === 'end') return { field: 'point_redeem', reason: 'inactive' };
  if (status === 'not_start') return { field: 'point_redeem', reason: 'not_in_period' };
  if (facts.left_count <= 0) return { field: 'point_redeem', reason: 'no_inventory' };
  if (facts.per_account_limit !== null && facts.redeemed >= facts.per_account_limit) return { field: 'point_redeem', reason: 'exceed_limit' };
  const missing = missingPoints(facts.score, facts.points);
  if (missing > 0) return { field: 'points', reason: 'no_grade_left', missing };
  return null;
}

export interface GiftPackClaimFacts extends OfferWindow {
  closed: boolean;
  claimed: boolean;
}

/** A gift pack is claimed once per account, while it is live: `inactive` (closed or ended), `not_in_period`, `already_claimed`. */
export function giftPackRefusal(facts: GiftPackClaimFacts, nowSec: number): 'inactive' | 'not_in_period' | 'already_claimed' | null {
  const status = offerStatus(facts, nowSec);
  if (facts.closed || status === 'end') return 'inactive';
  if (status === 'not_start') return 'not_in_period';
  if (facts.claimed) return 'already_claimed';
  return null;
}

/** Coupon areas by their `position` ascending, then id ascending (staff number them in the order they want them). */
export function sortCouponAreas<T extends { id: number; position: number }>(areas: readonly T[]): T[] {
  return [...areas].sort((a, b) => a.position - b.position || a.id - b.id);
}
