// The bundles API paths, apart from its schemas (bundles.ts re-exports them): see src/paths/README.md.

export const BUNDLES_API = {
  activities: '/api/v7/bundle_promo_activities',
  activity: (id: number | string) => `/api/v7/bundle_promo_activities/${id}`,
  order: (id: number | string) => `/api/v7/bundle_promo_activities/${id}/order`,
  holdings: (id: number | string) => `/api/v7/bundle_promo_activities/${id}/holdings`,
  adminActivities: '/api/admin/bundle_promo_activities',
  adminActivity: (id: number | string) => `/api/admin/bundle_promo_activities/${id}`,
} as const;

export const QUEUES_API = {
  queues: '/api/promotion/queues',
  queue: (id: number | string) => `/api/promotion/queues/${id}`,
  start: (id: number | string) => `/api/promotion/queues/${id}/start`,
  queueSku: (id: number | string) => `/api/promotion/queue_skus/${id}`,
  editionPreview: (id: number | string) => `/api/v1/preview/editions/${id}`,
  adminQueues: '/api/admin/exploring_queues',
  adminQueue: (id: number | string) => `/api/admin/exploring_queues/${id}`,
} as const;
