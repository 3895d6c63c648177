// The game-reviews API paths, apart from its schemas (game-reviews.ts re-exports them): see src/paths/README.md.

export const GAME_REVIEWS_API = {
  steamReviews: '/api/search/steam_reviews',
  forumSteamReviews: '/forum/community/search/steam_reviews',
  forumEpicReviews: '/forum/community/search/epic_reviews',
  steamEvaluation: '/forum/gameScore/sku/steamEvaluation',
  skuSteamReviewList: '/community/sku/steamReviewList',
  voteInfo: '/support/vote/activity/client/info',
  vote: '/support/vote/activity/client/vote',
  adminVoteActivities: '/api/admin/vote_activities',
  adminVoteActivity: (id: number | string) => `/api/admin/vote_activities/${id}`,
  adminReviewApps: '/api/admin/review_apps',
} as const;
