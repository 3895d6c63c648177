import { z } from 'zod';
import { area, timestamp } from './common.ts';
import { giftPack, localized, skuSummary } from './catalog.ts';
import { coupon } from './coupons.ts';

/** The points shop, gift packs and coupon areas (docs/product/deals.md). Times are server seconds. */
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const int4 = z.number().int().min(0).max(2_147_483_647);
const at = timestamp.min(0).max(32_503_680_000);
const title = z.object({ chs: z.string().trim().min(1).max(80), en: z.string().trim().min(1).max(80) });
const offerStatus = z.enum(['current', 'not_start', 'end']);

export const pointRedeemType = z.enum(['sku', 'coupon']);

/**
 * A point redeem: `points` is its price in points, `list_points` the price it is shown against (struck
 * through when higher), `left_count` how many are left. `target_id` is the SKU or the coupon it gives,
 * described in `sku` or `coupon`.
 */
export const pointRedeem = z.object({
  id: z.number().int(),
  area,
  title: localized,
  cover: z.string(),
  type: pointRedeemType,
  target_id: z.number().int(),
  list_points: z.number().int(),
  points: z.number().int(),
  left_count: z.number().int(),
  total_count: z.number().int(),
  per_account_limit: z.number().int().nullable(),
  from_timestamp: timestamp,
  to_timestamp: timestamp.nullable(),
  status: offerStatus,
  closed: z.boolean(),
  index: z.number().int(),
  sku: skuSummary.nullable(),
  coupon: coupon.nullable(),
});
export type PointRedeem = z.infer<typeof pointRedeem>;

/**
 * GET /api/point_redeems: the site's live and coming redeems, in index order. Signed in, `score` is the
 * viewer's spendable points and `redeemed` how many of each the viewer has; signed out, null and empty.
 */
export const pointRedeemsResponse = z.object({
  point_redeems: z.array(pointRedeem),
  score: z.number().int().nullable(),
  redeemed: z.array(z.object({ point_redeem_id: z.number().int(), count: z.number().int() })),
});

/** POST /api/point_redeems/{id}/redeem: what was given (a coupon held, or the zero-price order with the key), and the points left. */
export const pointRedeemResult = z.object({
  point_redeem: pointRedeem,
  score: z.number().int(),
  account_coupon_id: z.number().int().nullable(),
  order_id: z.number().int().nullable(),
});

/** POST /api/point_redeems/{id}/orders: an unpaid order of the redeem's SKU, to pay at checkout (with points). */
export const pointRedeemOrderResponse = z.object({ id: z.number().int() });

/** GET /api/event_gift_packs: the site's live gift packs, by weight then creation, descending, then id. */
export const giftPacksResponse = z.object({ event_gift_packs: z.array(giftPack) });
/** PATCH /api/event_gift_packs/{id}: claims every coupon of the pack; answers the pack and the coupons now held. */
export const giftPackClaimResponse = z.object({ event_gift_pack: giftPack, account_coupon_ids: z.array(z.number().int()) });

/** A coupon area of the store home: a titled group of claimable coupons, in `index` order. */
export const couponArea = z.object({
  id: z.number().int(),
  area,
  title: localized,
  index: z.number().int(),
  from_timestamp: timestamp,
  to_timestamp: timestamp.nullable(),
  coupons: z.array(coupon),
});
export type CouponArea = z.infer<typeof couponArea>;

/** POST /api/admin/point_redeems (admins). A `sku` redeem costs the SKU's own points price, so checkout and the shop agree. */
export const createPointRedeemRequest = z.object({
  point_redeem: z.object({
    area,
    title,
    cover: z.string().trim().max(300).optional(),
    type: pointRedeemType,
    target_id: id,
    points: int4.min(1).optional(),
    list_points: int4.min(1).optional(),
    left_count: int4,
    per_account_limit: int4.min(1).nullable().optional(),
    from_timestamp: at,
    to_timestamp: at.nullable().optional(),
    index: int4.optional(),
  }),
});

/** PATCH /api/admin/point_redeems/{id} (admins): `left_count` sets what is left; `closed: true` stops it. */
export const updatePointRedeemRequest = z.object({
  point_redeem: z.object({
    title: title.optional(),
    cover: z.string().trim().max(300).optional(),
    points: int4.min(1).optional(),
    list_points: int4.min(1).optional(),
    left_count: int4.optional(),
    per_account_limit: int4.min(1).nullable().optional(),
    from_timestamp: at.optional(),
    to_timestamp: at.nullable().optional(),
    index: int4.optional(),
    closed: z.boolean().optional(),
  }),
});

const couponIds = z.array(id).min(1).max(20);
const skuIds = z.array(id).max(50);

/** POST /api/admin/event_gift_packs (admins): the coupons it grants and the games whose page shows it. */
export const createGiftPackRequest = z.object({
  event_gift_pack: z.object({
    area, title, weight: int4.optional(), from_timestamp: at, to_timestamp: at.nullable().optional(), coupon_ids: couponIds, sku_ids: skuIds.optional(),
  }),
});
export const updateGiftPackRequest = z.object({
  event_gift_pack: z.object({
    title: title.optional(), weight: int4.optional(), from_timestamp: at.optional(), to_timestamp: at.nullable().optional(), sku_ids: skuIds.optional(), closed: z.boolean().optional(),
  }),
});

/** POST /api/admin/coupon_areas (admins): a home area of the site's coupons, shown in its window. */
export const createCouponAreaRequest = z.object({
  coupon_area: z.object({ area, title, index: int4.optional(), from_timestamp: at, to_timestamp: at.nullable().optional(), coupon_ids: couponIds }),
});
export const updateCouponAreaRequest = z.object({
  coupon_area: z.object({
    title: title.optional(), index: int4.optional(), from_timestamp: at.optional(), to_timestamp: at.nullable().optional(), coupon_ids: couponIds.optional(), closed: z.boolean().optional(),
  }),
});

export { POINTS_SHOP_API, GIFT_PACKS_API, COUPON_AREAS_API } from './paths/points-shop.ts';
