// The notices API paths, apart from its schemas (notices.ts re-exports them): see src/paths/README.md.

export const NOTICES_API = {
  notices: '/api/notices',
  notice: (id: number | string) => `/api/notices/${id}`,
  versionInfos: '/api/version_infos',
  versionReleases: '/api/version_releases',
  feedbacksNew: '/api/feedbacks/new',
  feedbacks: '/api/feedbacks',
  staffNotices: '/api/admin/notices',
  staffNotice: (id: number | string) => `/api/admin/notices/${id}`,
  staffVersionInfos: '/api/admin/version_infos',
  staffVersionInfo: (id: number | string) => `/api/admin/version_infos/${id}`,
  staffVersionReleases: '/api/admin/version_releases',
  staffVersionRelease: (id: number | string) => `/api/admin/version_releases/${id}`,
  staffFeedbacks: '/api/admin/feedbacks',
  staffFeedback: (id: number | string) => `/api/admin/feedbacks/${id}`,
} as const;
