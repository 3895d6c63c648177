// The lottery API paths, apart from its schemas (lottery.ts re-exports them): see src/paths/README.md.

export const LOTTERY_API = {
  activities: '/api/lottery_activities',
  infos: (id: number | string) => `/api/lottery_activities/${id}/infos`,
  draws: (id: number | string) => `/api/lottery_activities/${id}/draws`,
  promotionActivity: (id: number | string) => `/api/promotion/lottery_activities/${id}`,
  promotionDraw: (id: number | string) => `/api/promotion/lottery_activities/${id}/draw`,
  redPacketDraw: (id: number | string) => `/api/promotion/lottery_activities/${id}/red_packet_draw`,
  records: '/api/promotion/lottery_records',
  accountsPrizes: (id: number | string) => `/api/promotion/lottery_activities/${id}/accounts_lottery_prizes`,
  prizeFile: '/activity/lottery_prizes',
  adminActivities: '/api/admin/lottery_activities',
  adminActivity: (id: number | string) => `/api/admin/lottery_activities/${id}`,
} as const;
