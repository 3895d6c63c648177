// The promotions API paths, apart from its schemas (promotions.ts re-exports them): see src/paths/README.md.

export const PROMOTIONS_API = {
  promotion: '/api/promotion',
  seckillEvents: '/api/events/sec_kills',
  qualify: (id: number | string) => `/api/events/sec_kills/${id}/qualify`,
  seckillPurchase: '/api/sec_kill',
  /** Outside /api: the flash-sale host's live read. */
  seckillLive: '/sec_kill',
  adminSeckills: '/api/admin/sec_kills',
  adminSeckill: (id: number | string) => `/api/admin/sec_kills/${id}`,
} as const;
