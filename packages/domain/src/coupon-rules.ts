/**
 * Coupon applicability and discount maths (docs/product/buying.md#coupons). Money is
 * integer minor units; a discount is never more than what it applies to, so no total goes below zero.
 */
export const COUPON_DISCOUNT_TYPES = ['amount', 'percentage'] as const;
export type CouponDiscountType = (typeof COUPON_DISCOUNT_TYPES)[number];

/** Ours: a percentage coupon's value is whole percent off, 1..100. */
export const COUPON_PERCENT_MAX = 100;

/** Which SKUs a coupon covers: empty include lists mean every SKU; an exclusion always wins. */
export interface CouponScope {
  readonly include_sku_ids: readonly number[];
  readonly include_product_ids: readonly number[];
  readonly exclude_sku_ids: readonly number[];
  readonly exclude_product_ids: readonly number[];
}

export interface CouponTerms {
  readonly discount_type: CouponDiscountType;
  readonly value: number;
  readonly minimum_order: number;
  readonly scope: CouponScope;
  /** Seconds; null = no start or no end. The window is [from, until). */
  readonly valid_from_timestamp: number | null;
  readonly valid_until_timestamp: number | null;
}

export interface CouponLine {
  readonly sku_id: number;
  readonly product_id: number;
  /** What the line costs before the coupon: unit sale price × quantity, minor units. */
  readonly amount: number;
}

export type CouponProblem = 'not_in_period' | 'expired' | 'not_applicable' | 'minimum_order';

function assertMinorUnits(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer of minor units, got ${value}`);
}

export function couponCoversSku(scope: CouponScope, sku: { id: number; product_id: number }): boolean {
  if (scope.exclude_sku_ids.includes(sku.id) || scope.exclude_product_ids.includes(sku.product_id)) return false;
  if (scope.include_sku_ids.length === 0 && scope.include_product_ids.length === 0) return true;
  return scope.include_sku_ids.includes(sku.id) || scope.include_product_ids.includes(sku.product_id);
}

/**
 * What a coupon's scope says in words (docs/product/buying.md#coupon-scope): `storewide` covers every SKU of
 * its site — games, DLC, virtual goods and peripherals alike; `storewide_except` covers all but some;
 * `selected` covers only what it names. The label a buyer reads comes from here, so it cannot promise "games"
 * for a coupon the rule applies to a peripheral.
 */
export type CouponScopeLabel = 'storewide' | 'storewide_except' | 'selected';

export function couponScopeLabel(scope: CouponScope): CouponScopeLabel {
  if (scope.include_sku_ids.length > 0 || scope.include_product_ids.length > 0) return 'selected';
  return scope.exclude_sku_ids.length > 0 || scope.exclude_product_ids.length > 0 ? 'storewide_except' : 'storewide';
}

/** Whether the coupon's validity window holds `nowSec`: null when it does, else why not. */
export function couponPeriodProblem(terms: Pick<CouponTerms, 'valid_from_timestamp' | 'valid_until_timestamp'>, nowSec: number): 'not_in_period' | 'expired' | null {
  if (terms.valid_until_timestamp !== null && nowSec >= terms.valid_until_timestamp) return 'expired';
  if (terms.valid_from_timestamp !== null && nowSec < terms.valid_from_timestamp) return 'not_in_period';
  return null;
}

/**
 * The discount on an eligible subtotal. Amount coupons take their value, capped at the subtotal.
 * Percentage coupons take floor(subtotal × percent / 100): never a fraction of a minor unit more than
 * the stated percentage, and exact in integers.
 */
export function couponDiscount(terms: Pick<CouponTerms, 'discount_type' | 'value'>, eligibleSubtotal: number): number {
  assertMinorUnits(eligibleSubtotal, 'eligibleSubtotal');
  assertMinorUnits(terms.value, 'value');
  if (terms.discount_type === 'amount') return Math.min(terms.value, eligibleSubtotal);
  const percent = Math.min(terms.value, COUPON_PERCENT_MAX);
  return Math.floor((eligibleSubtotal * percent) / 100);
}

export interface CouponEvaluation {
  available_sku_ids: number[];
  unavailable_sku_ids: number[];
  /** Sum of the covered lines. The minimum order is measured on it. */
  eligible_subtotal: number;
  /** What the coupon takes off these lines; 0 when there is a problem. */
  discount: number;
  problem: CouponProblem | null;
}

/** Checks a coupon against order (or cart) lines at a moment: period, coverage, minimum order, discount. */
export function evaluateCoupon(terms: CouponTerms, lines: readonly CouponLine[], nowSec: number): CouponEvaluation {
  const available: number[] = [];
  const unavailable: number[] = [];
  let eligible = 0;
  for (const line of lines) {
    assertMinorUnits(line.amount, 'amount');
    if (couponCoversSku(terms.scope, { id: line.sku_id, product_id: line.product_id })) {
      available.push(line.sku_id);
      eligible += line.amount;
    } else {
      unavailable.push(line.sku_id);
    }
  }
  const base = { available_sku_ids: available, unavailable_sku_ids: unavailable, eligible_subtotal: eligible };
  const period = couponPeriodProblem(terms, nowSec);
  if (period) return { ...base, discount: 0, problem: period };
  if (available.length === 0) return { ...base, discount: 0, problem: 'not_applicable' };
  if (eligible < terms.minimum_order) return { ...base, discount: 0, problem: 'minimum_order' };
  return { ...base, discount: couponDiscount(terms, eligible), problem: null };
}

/** An account's coupon as the user centre shows it. */
export type AccountCouponState = 'available' | 'used' | 'expired';

export function accountCouponState(coupon: { used: boolean; valid_until_timestamp: number | null }, nowSec: number): AccountCouponState {
  if (coupon.used) return 'used';
  if (coupon.valid_until_timestamp !== null && nowSec >= coupon.valid_until_timestamp) return 'expired';
  return 'available';
}
