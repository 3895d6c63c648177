import { allocateDiscount } from '@lantern/domain';
import { useCouponForOrder } from '../../coupons/index.ts';
import type { CheckoutContext, LockedCheckout } from './context.ts';
import type { PricedLine } from './pricing.ts';

/** The coupon asked for, if any: at most one per order (`coupon_ids: over_limit`). */
export function chosenCoupon({ input, problems }: CheckoutContext): number | null {
  const ids = [...new Set(input.coupon_ids ?? [])];
  if (ids.length > 1) problems.add('coupon_ids', 'over_limit');
  return ids.length === 1 ? ids[0]! : null;
}

/** The coupon's discount and each line's share of it (exact to the minor unit; lines it does not cover get none). */
export interface CouponApplied {
  accountCouponId: number | null;
  discount: number;
  shares: number[];
}

/**
 * Marks the account's coupon used by the order, in its transaction (a coupon is used once: the second
 * of two concurrent orders finds it taken), and spreads the discount over the lines it covers. A coupon
 * that does not apply is a problem of `coupon_ids` with the coupon's reason (`expired` when out of its period).
 */
export async function applyCoupon(checkout: LockedCheckout, orderId: number, couponId: number | null, lines: readonly PricedLine[]): Promise<CouponApplied> {
  const none = { accountCouponId: null, discount: 0, shares: lines.map(() => 0) };
  if (couponId === null) return none;
  const { tx, buyer, now, problems } = checkout;
  const couponLines = lines.map((l) => ({ sku_id: l.row.sku.id, product_id: l.row.sku.productId, amount: l.salePrice * l.quantity }));
  const used = await useCouponForOrder(tx, buyer.accountId, buyer.area, couponId, orderId, couponLines, now);
  if ('problem' in used) {
    problems.add('coupon_ids', used.problem === 'not_in_period' ? 'expired' : used.problem);
    return none;
  }
  const eligible = new Set(used.availableSkuIds);
  return { accountCouponId: couponId, discount: used.discount, shares: allocateDiscount(couponLines.map((c) => (eligible.has(c.sku_id) ? c.amount : 0)), used.discount) };
}
