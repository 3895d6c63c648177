/**
 * Order money maths (docs/product/buying.md#orders). Everything is integer minor units; a discount is
 * spread over lines so that each line's share is whole, no line goes below zero and the shares add up
 * exactly to the discount.
 */
export interface PricedLine {
  readonly list_price: number;
  /** The unit price charged before coupons (sale price, else list price). */
  readonly sale_price: number;
  readonly quantity: number;
}

export interface OrderTotals {
  /** Σ list price × quantity. */
  list_amount: number;
  /** Σ sale price × quantity: what is charged before the coupon. */
  subtotal_amount: number;
  /** list_amount − subtotal_amount: what sale prices saved. */
  sale_discount_amount: number;
  coupon_amount: number;
  /** subtotal_amount − coupon_amount, never below zero. */
  total_amount: number;
}

function assertCount(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
}

export function lineAmount(line: PricedLine): number {
  assertCount(line.sale_price, 'sale_price');
  assertCount(line.quantity, 'quantity');
  return line.sale_price * line.quantity;
}

export function orderTotals(lines: readonly PricedLine[], couponAmount: number): OrderTotals {
  assertCount(couponAmount, 'couponAmount');
  let list = 0;
  let subtotal = 0;
  for (const line of lines) {
    assertCount(line.list_price, 'list_price');
    list += line.list_price * line.quantity;
    subtotal += lineAmount(line);
  }
  const coupon = Math.min(couponAmount, subtotal);
  return {
    list_amount: list,
    subtotal_amount: subtotal,
    sale_discount_amount: Math.max(list - subtotal, 0),
    coupon_amount: coupon,
    total_amount: subtotal - coupon,
  };
}

/**
 * Splits `discount` over line amounts in proportion (largest remainder, ties to the earlier line).
 * Lines not eligible pass amount 0 and receive 0. The discount is capped at the sum of the amounts.
 */
export function allocateDiscount(amounts: readonly number[], discount: number): number[] {
  assertCount(discount, 'discount');
  amounts.forEach((a) => assertCount(a, 'amount'));
  const total = amounts.reduce((s, a) => s + a, 0);
  const capped = Math.min(discount, total);
  if (total === 0 || capped === 0) return amounts.map(() => 0);
  const shares = amounts.map((a) => Math.floor((a * capped) / total));
  let left = capped - shares.reduce((s, a) => s + a, 0);
  const order = amounts
    .map((a, i) => ({ i, rem: (a * capped) % total }))
    .sort((x, y) => y.rem - x.rem || x.i - y.i);
  for (const { i } of order) {
    if (left === 0) break;
    if (shares[i]! < amounts[i]!) {
      shares[i] = shares[i]! + 1;
      left -= 1;
    }
  }
  return shares;
}
