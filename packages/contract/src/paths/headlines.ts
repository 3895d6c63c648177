// The headlines API paths, apart from its schemas (headlines.ts re-exports them): see src/paths/README.md.

export const HEADLINES_API = {
  headlines: '/api/headlines',
  headline: (hid: number | string) => `/api/headlines/${hid}`,
  headlinePage: '/api/headline_page',
  headlineReplies: (hid: number | string) => `/api/headlines/${hid}/replies`,
  replies: '/api/replies',
  reply: (rid: number | string) => `/api/replies/${rid}`,
  drafts: '/api/headline_drafts',
  draft: (did: number | string) => `/api/headline_drafts/${did}`,
  staffDrafts: '/api/admin/headline_drafts',
  staffPreview: (did: number | string) => `/api/admin/headline_drafts/${did}/preview`,
  staffPublish: (did: number | string) => `/api/admin/headline_drafts/${did}/publish`,
  staffReject: (did: number | string) => `/api/admin/headline_drafts/${did}/reject`,
  staffHeadline: (hid: number | string) => `/api/admin/headlines/${hid}`,
  staffSections: '/api/admin/headline_sections',
  staffSection: (sid: number | string) => `/api/admin/headline_sections/${sid}`,
} as const;
