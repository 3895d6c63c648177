// The talks API paths, apart from its schemas (talks.ts re-exports them): see src/paths/README.md.

export const TALKS_API = {
  talks: '/api/talks',
  talk: (talkId: number | string) => `/api/talks/${talkId}`,
  forwards: (talkId: number | string) => `/api/talks/${talkId}/forwards`,
  recommend: '/api/recommend/talks',
} as const;
