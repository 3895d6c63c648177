import type { CartSku } from '@lantern/contract';
import {
  CART_DELTA_MAX,
  CART_DELTA_MIN,
  CART_ITEM_MAX_QUANTITY,
  effectiveSalePrice,
  evaluateCoupon,
  isGameKind,
  sortCouponsForSettlement,
  type CouponDiscountType,
  type CouponProblem,
} from '@lantern/domain';
import { scopeOf, type CouponApplyTo } from '../../lib/couponScope';

/**
 * The cart page's rules, kept pure so they are tested alone: which lines can be ordered, what the
 * selection costs, how far a quantity may move (docs/product/buying.md#cart-quantity: -1..1 for anything but physical goods; 0 removes),
 * and which coupon automatic settlement picks for the selected lines (docs/product/buying.md#settlement-ordering).
 */

export const isPhysicalLine = (line: Pick<CartSku, 'sku'>) => line.sku.cate === 'physical';

/** A line can be ordered when the server says it is displayable (on sale or pre-sale, in the buyer's region). */
export const isOrderable = (line: Pick<CartSku, 'display'>) => line.display;

/** The unit price charged before coupons: the sale price, else the list price (docs/product/catalogue.md#sale-price). */
export const unitPrice = (line: Pick<CartSku, 'price' | 'sale_price'>) => effectiveSalePrice({ sale_price: line.sale_price, list_price: line.price });

export interface QuantityBounds {
  min: number;
  max: number;
}

/** Where the stepper may go from the current quantity in one change. */
export function quantityBounds(line: Pick<CartSku, 'quantity' | 'sku'>): QuantityBounds {
  const q = line.quantity;
  if (isPhysicalLine(line)) return { min: 0, max: CART_ITEM_MAX_QUANTITY };
  // Games, DLC and bundles are one per order: the server answers exceed_limit for more.
  const cap = isGameKind(line.sku.kind) ? 1 : CART_ITEM_MAX_QUANTITY;
  return { min: Math.max(0, q + CART_DELTA_MIN), max: Math.max(q, Math.min(cap, q + CART_DELTA_MAX)) };
}

/** Clamps a wanted quantity into the bounds; the answer is what is sent (0 = remove). */
export function nextQuantity(line: Pick<CartSku, 'quantity' | 'sku'>, wanted: number): number {
  const { min, max } = quantityBounds(line);
  if (!Number.isFinite(wanted)) return line.quantity;
  return Math.min(max, Math.max(min, Math.trunc(wanted)));
}

/**
 * The selection is stored as the lines the user switched off, so a line that arrives later (added on the
 * game page in another tab) starts selected, and a line that left the cart is simply forgotten.
 */
export function selectedLines<T extends Pick<CartSku, 'sku_id' | 'display'>>(lines: readonly T[], deselected: ReadonlySet<number>): T[] {
  return lines.filter((l) => isOrderable(l) && !deselected.has(l.sku_id));
}

export function toggleLine(deselected: ReadonlySet<number>, skuId: number): Set<number> {
  const next = new Set(deselected);
  if (next.has(skuId)) next.delete(skuId);
  else next.add(skuId);
  return next;
}

/** Select all orderable lines, or none when all are selected already. */
export function toggleAll(lines: readonly Pick<CartSku, 'sku_id' | 'display'>[], deselected: ReadonlySet<number>): Set<number> {
  const orderable = lines.filter(isOrderable);
  const allOn = orderable.every((l) => !deselected.has(l.sku_id));
  return allOn ? new Set(orderable.map((l) => l.sku_id)) : new Set();
}

export interface SelectionTotals {
  /** Σ list price × quantity. */
  list: number;
  /** Σ charged unit price × quantity, before the coupon. */
  subtotal: number;
  /** What sale prices take off the list prices. */
  saved: number;
  count: number;
  quantity: number;
}

export function selectionTotals(lines: readonly Pick<CartSku, 'price' | 'sale_price' | 'quantity'>[]): SelectionTotals {
  let list = 0;
  let subtotal = 0;
  let quantity = 0;
  for (const l of lines) {
    list += l.price * l.quantity;
    subtotal += unitPrice(l) * l.quantity;
    quantity += l.quantity;
  }
  return { list, subtotal, saved: Math.max(0, list - subtotal), count: lines.length, quantity };
}

/** The part of a cart coupon (GET /api/cart/coupons) the choice needs. */
export interface ChoosableCoupon {
  id: number;
  coupon: {
    discount_type: CouponDiscountType;
    value: number;
    minimum_order: number;
    valid_from_timestamp: number | null;
    valid_until_timestamp: number | null;
    apply_to: CouponApplyTo;
  };
}

export interface CouponOption<C extends ChoosableCoupon> {
  coupon: C;
  /** What it takes off the selected lines now; 0 when it cannot be used. */
  discount: number;
  problem: CouponProblem | null;
  /** Selected SKUs it covers. */
  covers: number[];
}

/**
 * Each coupon measured against the selected lines (domain `evaluateCoupon`), and automatic settlement's pick:
 * the settlement ordering (domain `sortCouponsForSettlement`), where a coupon's value is what it takes off these
 * lines — the same measure the server uses for the whole cart, so with everything selected both agree.
 */
export function chooseCoupon<C extends ChoosableCoupon>(
  coupons: readonly C[],
  lines: readonly Pick<CartSku, 'sku_id' | 'sku' | 'price' | 'sale_price' | 'quantity'>[],
  nowSec: number,
): { options: CouponOption<C>[]; bestId: number | null } {
  const couponLines = lines.map((l) => ({ sku_id: l.sku_id, product_id: l.sku.product_id, amount: unitPrice(l) * l.quantity }));
  const options = coupons.map((c) => {
    const e = evaluateCoupon(
      {
        discount_type: c.coupon.discount_type,
        value: c.coupon.value,
        minimum_order: c.coupon.minimum_order,
        valid_from_timestamp: c.coupon.valid_from_timestamp,
        valid_until_timestamp: c.coupon.valid_until_timestamp,
        scope: scopeOf(c.coupon.apply_to),
      },
      couponLines,
      nowSec,
    );
    return { coupon: c, discount: e.discount, problem: e.problem, covers: e.available_sku_ids };
  });
  const usable = sortCouponsForSettlement(
    options
      .filter((o) => o.problem === null && o.discount > 0)
      .map((o) => ({ id: o.coupon.id, value: o.discount, minimum_order: o.coupon.coupon.minimum_order, valid_until_timestamp: o.coupon.coupon.valid_until_timestamp })),
  );
  // Usable coupons first, in settlement order (the pick on top); the rest keep the server's order.
  const rank = new Map(usable.map((c, i) => [c.id, i]));
  const sorted = [...options].sort((a, b) => (rank.get(a.coupon.id) ?? Infinity) - (rank.get(b.coupon.id) ?? Infinity));
  return { options: sorted, bestId: usable[0]?.id ?? null };
}

/**
 * Which coupon applies: the user's explicit choice while it still works on the selection (null = "no
 * coupon"), otherwise the automatic pick.
 */
export function appliedCouponId(choice: number | null | undefined, options: readonly CouponOption<ChoosableCoupon>[], bestId: number | null): number | null {
  if (choice === null) return null;
  if (choice !== undefined) {
    const o = options.find((x) => x.coupon.id === choice);
    if (o && o.problem === null && o.discount > 0) return choice;
  }
  return bestId;
}
