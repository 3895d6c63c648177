import { z } from 'zod';
import { area, currency } from './common.ts';
import { productCate, skuStatus, skuSummary } from './catalog.ts';

/** Cart paths take an id the way the catalogue does: a positive integer a bigint and JavaScript both hold. */
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** PATCH /api/cart: absolute quantities per SKU; 0 removes (docs/product/buying.md#cart-removal). */
export const cartPatchRequest = z.object({
  cart: z.object({
    cart_skus: z.array(z.object({ sku_id: id, quantity: z.number().int().min(0).max(10_000) })).min(1).max(100),
  }),
});
export type CartPatchRequest = z.infer<typeof cartPatchRequest>;

export const cartQuery = z.object({ q: z.object({ sku_cate_eq: productCate.optional() }).optional() });

/** A cart line (docs/product/buying.md#cart). Prices are integer minor units of `currency`. */
export const cartSku = z.object({
  sku_id: z.number().int(),
  sku: skuSummary,
  quantity: z.number().int(),
  /** The SKU's status (sale means purchasable). */
  status: skuStatus,
  /** Whether the line can be ordered now: on sale or pre-sale and not region-locked away. */
  display: z.boolean(),
  price: z.number().int(),
  sale_price: z.number().int(),
  /** Whether one of the account's usable coupons covers this SKU. */
  use_coupon: z.boolean(),
  /** Cross promotions come with the promotions module; null until then. */
  cross_promotion: z.null(),
  area,
});
export type CartSku = z.infer<typeof cartSku>;

export const cartResponse = z.object({
  cart_skus: z.array(cartSku),
  meta: z.object({
    total_count: z.number().int(),
    total_quantity: z.number().int(),
    /** Σ sale price × quantity over lines that can be ordered. */
    total_price: z.number().int(),
    currency,
    max_lines: z.number().int(),
  }),
});
export type CartResponse = z.infer<typeof cartResponse>;
