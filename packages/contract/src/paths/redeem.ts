// The redeem API paths, apart from its schemas (redeem.ts re-exports them): see src/paths/README.md.

export const REDEEM_API = {
  redeem: '/api/redeem',
  myCodes: '/api/me/code',
  redeems: '/api/redeems',
  redemption: (id: number | string) => `/api/redeems/${id}`,
} as const;
