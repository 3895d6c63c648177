/**
 * Cart quantity rules (docs/product/buying.md#cart). Keys and virtual goods change by at most one per request,
 * so a double-submitted click cannot add ten copies; physical goods may jump to any quantity.
 */
export const CART_DELTA_MIN = -1;
export const CART_DELTA_MAX = 1;
/** Ours (the product sets no limit): the most copies of one SKU in a cart, physical or not. */
export const CART_ITEM_MAX_QUANTITY = 99;
/** Ours: distinct SKUs a cart holds before answering total_count out_limit ("cart full"). */
export const CART_MAX_LINES = 100;

export interface CartQuantityChange {
  readonly physical: boolean;
  readonly from: number;
  readonly to: number;
}

export function checkCartQuantityChange(change: CartQuantityChange): null | 'out_of_range' {
  const { physical, from, to } = change;
  if (!Number.isInteger(to) || to < 0 || to > CART_ITEM_MAX_QUANTITY) return 'out_of_range';
  if (physical) return null;
  const delta = to - from;
  return delta >= CART_DELTA_MIN && delta <= CART_DELTA_MAX ? null : 'out_of_range';
}

/** Setting a quantity of 0 removes the item (docs/product/buying.md#cart-removal). */
export function isCartRemoval(quantity: number): boolean {
  return quantity === 0;
}

/** Whether one more distinct SKU fits. */
export function isCartFull(lineCount: number): boolean {
  return lineCount >= CART_MAX_LINES;
}
