// The distribution API paths, apart from its schemas (distribution.ts re-exports them): see src/paths/README.md.

/** The distribution calls. */
export const DISTRIBUTION_API = {
  scaleBySku: '/cpsgear/searchScaleBySku',
  searchInviteCode: '/cps/searchInviteCode',
  visits: '/api/cps_visits',
  orders: '/api/me/distribution_orders',
  commissionRate: (skuId: number | string) => `/api/admin/skus/${skuId}/commission_rate`,
} as const;
