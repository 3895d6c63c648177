/**
 * @lantern/domain: pure business rules of the store, shared by server and web. No I/O, no clock,
 * no imports of other workspace packages.
 */
export * from './calendar.ts';
export * from './sites.ts';
export * from './nickname.ts';
export * from './identity.ts';
export * from './identification.ts';
export * from './credentials.ts';
export * from './masking.ts';
export * from './codes.ts';
export * from './sign-in.ts';
export * from './points.ts';
export * from './constants.ts';
export * from './flash-sale.ts';
export * from './order-display.ts';
export * from './pricing.ts';
export * from './search-order.ts';
export * from './sku-region.ts';
export * from './coupons.ts';
export * from './cart.ts';
export * from './coupon-rules.ts';
export * from './order-totals.ts';
export * from './layout.ts';
export * from './likes.ts';
export * from './comments.ts';
export * from './notifications.ts';
export * from './paging.ts';
export * from './playtime.ts';
export * from './reasons.ts';
export * from './districts.ts';
export * from './purchase.ts';
export * from './keys.ts';
export * from './redeem.ts';
export * from './product-kinds.ts';
export * from './order-payability.ts';
export * from './roles.ts';
export * from './bundles.ts';
export * from './points-shop.ts';
export * from './moderation.ts';
export * from './game-reviews.ts';
export * from './uploads.ts';
export * from './community.ts';
export * from './forum.ts';
export * from './notices.ts';
export * from './linked-accounts.ts';
