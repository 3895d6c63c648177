// The people API paths, apart from its schemas (people.ts re-exports them): see src/paths/README.md.

/** The people module's paths. */
export const PEOPLE_API = {
  friends: (accountId: number | string) => `/api/accounts/${accountId}/friends`,
  follow: (userId: number | string) => `/api/users/${userId}/follow`,
  blockQuery: '/blacklist/query/account/byid',
  blockAdd: '/blacklist/add',
  blockDelete: '/blacklist/delete',
} as const;
