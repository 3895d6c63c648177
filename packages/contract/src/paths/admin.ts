// The admin API paths, apart from its schemas (admin.ts re-exports them): see src/paths/README.md.

export const ADMIN_API = {
  skuKeys: (id: number | string) => `/api/admin/skus/${id}/keys`,
  skuKeyStock: (id: number | string) => `/api/admin/skus/${id}/keys/stock`,
  orderShipment: (id: number | string) => `/api/admin/orders/${id}/shipment`,
  redeemCodes: '/api/admin/redeem_codes',
  coupons: '/api/admin/coupons',
  purchaseBan: (accountId: number | string) => `/api/admin/accounts/${accountId}/purchase_ban`,
  audit: '/api/admin/audit',
} as const;
