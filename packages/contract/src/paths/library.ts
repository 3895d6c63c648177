// The library API paths, apart from its schemas (library.ts re-exports them): see src/paths/README.md.

export const LIBRARY_API = {
  games: '/api/me/games',
  game: (id: number | string) => `/api/me/games/${id}`,
  orderGames: '/api/me/order_games',
  allGame: (id: number | string) => `/api/all_games/${id}`,
} as const;
