// The keys API paths, apart from its schemas (keys.ts re-exports them): see src/paths/README.md.

export const KEYS_API = {
  gameKeys: '/api/game_key',
  genbaKeys: '/api/genba_key',
  virtualCodes: '/api/virtual/game_keys',
  revealKey: (id: number | string) => `/api/me/game_keys/${id}`,
  activateKey: (id: number | string) => `/api/me/game_keys/${id}/activate`,
  activateCode: (id: number | string) => `/api/me/codes/${id}/activate`,
} as const;
