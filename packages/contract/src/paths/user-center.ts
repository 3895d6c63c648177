// The user-center API paths, apart from its schemas (user-center.ts re-exports them): see src/paths/README.md.

export const USER_CENTER_API = { info: '/api/user_center/info' } as const;
