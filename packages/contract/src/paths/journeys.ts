// The journeys API paths, apart from its schemas (journeys.ts re-exports them): see src/paths/README.md.

/** The journeys calls the web makes (docs/product/engagement.md#tasks-and-journeys). */
export const JOURNEYS_API = {
  tasks: '/api/me/journey_tasks',
  share: (journeyId: number | string, taskId: number | string) => `/api/journeys/${journeyId}/journey_tasks/${taskId}/shares`,
  redeemCode: (journeyId: number | string, taskId: number | string) => `/api/journeys/${journeyId}/journey_tasks/${taskId}/redeem_codes`,
  registersNew: '/api/registers/new',
  rewards: '/api/me/journey_rewards',
  openReward: (id: number | string) => `/api/me/journey_rewards/${id}`,
} as const;
