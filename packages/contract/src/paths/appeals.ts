// The appeals API paths, apart from its schemas (appeals.ts re-exports them): see src/paths/README.md.

/** Every path of appeals (docs/product/engagement.md#appeals): the web's calls and the staff API. */
export const APPEALS_API = {
  form: '/api/appeals/new',
  /** A guest's upload token for the form's attachments (docs/product/engagement.md#guest-uploads). */
  uploadToken: '/api/appeals/upload_token',
  appeals: '/api/appeals',
  resetLink: (id: number | string) => `/api/appeals/${id}/reset_link`,
  password: (token: string) => `/api/appeals/${encodeURIComponent(token)}/password`,
  account: (token: string) => `/api/appeals/${encodeURIComponent(token)}/account`,
  denial: (token: string) => `/api/appeal_denials/${encodeURIComponent(token)}`,
  staffAppeals: '/api/admin/appeals',
  staffAppeal: (id: number | string) => `/api/admin/appeals/${id}`,
} as const;
