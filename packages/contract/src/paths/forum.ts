// The forum API paths, apart from its schemas (forum.ts re-exports them): see src/paths/README.md.

/** The forum host's paths (the forum module), and its staff API. */
export const FORUM_API = {
  feedHeader: '/community/sku/feedHeader',
  myReview: '/community/sku/myReview',
  relationGroupList: '/community/sku/relationGroupList',
  sonkwoReviewList: '/community/sku/sonkwoReviewList',
  relationPostList: '/community/sku/relationPostList',
  tags: '/tag',
  postSearch: '/post/search',
  post: (id: number | string) => `/post/${id}`,
  postFixedTag: (id: number | string) => `/post/${id}/fixedTag`,
  postReplies: (id: number | string) => `/post/${id}/reply`,
  postLike: (id: number | string) => `/post/${id}/like`,
  replyLike: (id: number | string) => `/post/reply/${id}/like`,
  postLikeStates: '/post/like',
  replyLikeStates: '/post/reply/like',
  reportSubmit: '/report/submit',
  integralJoin: '/forum/integral/join',
  integralParticipation: '/forum/integral/participation',
  adminIntegralCampaigns: '/api/admin/integral_campaigns',
} as const;
