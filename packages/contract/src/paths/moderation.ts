// The moderation API paths, apart from its schemas (moderation.ts re-exports them): see src/paths/README.md.

export const MODERATION_API = {
  reports: '/api/reports',
  adminReports: '/api/admin/reports',
  adminResolveReport: (id: number | string) => `/api/admin/reports/${id}/resolve`,
  adminWatchedWords: '/api/admin/watched_words',
  adminWatchedWord: (id: number | string) => `/api/admin/watched_words/${id}`,
  adminMute: (id: number | string) => `/api/admin/accounts/${id}/mute`,
  adminApprovals: '/api/admin/approvals',
  adminApprove: (type: string, id: number | string) => `/api/admin/approvals/${type}/${id}/approve`,
  adminReject: (type: string, id: number | string) => `/api/admin/approvals/${type}/${id}/reject`,
  adminUnhide: (type: string, id: number | string) => `/api/admin/hidden/${type}/${id}/unhide`,
  adminClaimReport: (id: number | string) => `/api/admin/reports/${id}/claim`,
  adminHideContent: (type: string, id: number | string) => `/api/admin/content/${type}/${id}/hide`,
  adminDeleteContent: (type: string, id: number | string) => `/api/admin/content/${type}/${id}/delete`,
} as const;
