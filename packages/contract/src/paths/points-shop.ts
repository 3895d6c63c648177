// The points-shop API paths, apart from its schemas (points-shop.ts re-exports them): see src/paths/README.md.

export const POINTS_SHOP_API = {
  pointRedeems: '/api/point_redeems',
  redeem: (id: number | string) => `/api/point_redeems/${id}/redeem`,
  orders: (id: number | string) => `/api/point_redeems/${id}/orders`,
  adminPointRedeems: '/api/admin/point_redeems',
  adminPointRedeem: (id: number | string) => `/api/admin/point_redeems/${id}`,
} as const;

export const GIFT_PACKS_API = {
  giftPacks: '/api/event_gift_packs',
  giftPack: (id: number | string) => `/api/event_gift_packs/${id}`,
  adminGiftPacks: '/api/admin/event_gift_packs',
  adminGiftPack: (id: number | string) => `/api/admin/event_gift_packs/${id}`,
} as const;

export const COUPON_AREAS_API = {
  adminCouponAreas: '/api/admin/coupon_areas',
  adminCouponArea: (id: number | string) => `/api/admin/coupon_areas/${id}`,
} as const;
