// The profiles API paths, apart from its schemas (profiles.ts re-exports them): see src/paths/README.md.

export const PROFILES_API = {
  backgrounds: '/api/backgrounds',
  communityGames: (id: number | string) => `/api/accounts/${id}/community_games`,
} as const;
