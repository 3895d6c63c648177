import { z } from 'zod';
import { area, listMeta, timestamp } from './common.ts';
import { localized } from './catalog.ts';

export const couponDiscountType = z.enum(['amount', 'percentage']);
export const accountCouponState = z.enum(['available', 'used', 'expired']);

const idList = z.array(z.number().int());

/** Which games a coupon covers: by SKU or by product; an empty include means everything (docs/product/buying.md#coupon-scope). */
export const couponApplyTo = z.object({
  include_games: z.object({ sku_ids: idList, product_ids: idList }),
  exclude_games: z.object({ sku_ids: idList, product_ids: idList }),
});

/** A coupon definition (docs/product/buying.md#coupons). `value`: minor units (amount) or whole percent (percentage). */
export const coupon = z.object({
  id: z.number().int(),
  title: localized,
  discount_type: couponDiscountType,
  value: z.number().int(),
  minimum_order: z.number().int(),
  valid_from_timestamp: timestamp.nullable(),
  valid_until_timestamp: timestamp.nullable(),
  apply_to: couponApplyTo,
  total_amount: z.number().int(),
  left_amount: z.number().int(),
  need_captcha: z.boolean(),
  /** Whether the coupon is claimed with a code. */
  need_code: z.boolean(),
  area,
  created_at_timestamp: timestamp,
});
export type Coupon = z.infer<typeof coupon>;

/** GET /api/account_coupons: claimable coupons of the site, newest first; `received` when already mine. */
export const claimableCouponsResponse = z.object({
  coupons: z.array(coupon.extend({ received: z.boolean() })),
  meta: listMeta,
});

/** A coupon an account holds. `id` is the account coupon's id; orders name it in `coupon_ids`. */
export const accountCoupon = z.object({
  id: z.number().int(),
  coupon_id: z.number().int(),
  coupon,
  state: accountCouponState,
  available: z.boolean(),
  used_at_timestamp: timestamp.nullable(),
  order_id: z.number().int().nullable(),
  created_at_timestamp: timestamp,
});
export type AccountCoupon = z.infer<typeof accountCoupon>;

export const accountCouponsQuery = z.object({ q: z.object({ state_eq: accountCouponState.optional() }).optional() });
export const accountCouponsResponse = z.object({ account_coupons: z.array(accountCoupon), meta: listMeta });

/** PATCH /api/account_coupons/{couponId}: claim. A code coupon needs its code, and a captcha when `need_captcha`. */
export const claimCouponRequest = z.object({
  account_coupon: z
    .object({
      code: z.string().max(64).optional(),
      captcha_id: z.string().max(64).optional(),
      captcha: z.string().max(16).optional(),
    })
    .optional(),
});

/**
 * POST /api/account_coupons: claim the coupon a code names (201 with the account coupon). Every code claim
 * needs a solved captcha; refusals are those of the claim by id (400 coupon_coupon_code_error for a code
 * that names nothing, 404 exhausted).
 */
export const claimCouponByCodeRequest = z.object({
  account_coupon: z.object({
    code: z.string().max(64),
    captcha_id: z.string().max(64).optional(),
    captcha: z.string().max(16).optional(),
  }),
});
export type ClaimCouponByCodeRequest = z.infer<typeof claimCouponByCodeRequest>;

/** GET /api/cart/coupons: my usable coupons against the current cart, with the automatic best choice. */
export const cartCoupon = accountCoupon.extend({
  available_sku_ids: idList,
  unavailable_sku_ids: idList,
  /** What this coupon would take off the cart now (0 when not available). */
  discount_amount: z.number().int(),
  /** Why it cannot be used on this cart: not_applicable, minimum_order, not_in_period. */
  reason: z.string().nullable(),
});
export const cartCouponsResponse = z.object({
  account_coupons: z.array(cartCoupon),
  /** The coupon automatic settlement picks (docs/product/buying.md#settlement-ordering), or null. */
  best_account_coupon_id: z.number().int().nullable(),
  meta: listMeta,
});
