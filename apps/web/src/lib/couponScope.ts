import type { CouponScope } from '@lantern/domain';

/** A coupon's `apply_to` as the contract carries it. */
export interface CouponApplyTo {
  include_games: { sku_ids: number[]; product_ids: number[] };
  exclude_games: { sku_ids: number[]; product_ids: number[] };
}

/** The contract's `apply_to` as the domain's coupon scope (the lists keep the spec's field names). */
export const scopeOf = (applyTo: CouponApplyTo): CouponScope => ({
  include_sku_ids: applyTo.include_games.sku_ids,
  include_product_ids: applyTo.include_games.product_ids,
  exclude_sku_ids: applyTo.exclude_games.sku_ids,
  exclude_product_ids: applyTo.exclude_games.product_ids,
});
