// The linked-accounts API paths, apart from its schemas (linked-accounts.ts re-exports them): see src/paths/README.md.

export const LINKED_ACCOUNTS_API = {
  steamSignInNew: '/api/openid/sign_in/new',
  steamSignInCallback: '/api/openid/sign_in/callback',
  steamBindNew: '/api/openid/bind/new',
  steamBindCallback: '/api/openid/bind/callback',
  steamBind: '/api/openid/bind',
  oauthBindNew: (kind: string) => `/api/oauth/${kind}/bind/new`,
  bindWechat: '/api/bind_wechat',
  bindWeibo: '/api/bind_weibo',
  steamPlatform: '/api/platforms/steam',
  steamFriends: (accountId: number | string) => `/api/accounts/${accountId}/steam_friends`,
  steamGames: (accountId: number | string) => `/api/accounts/${accountId}/steam_games`,
  achievements: (accountId: number | string) => `/api/accounts/${accountId}/achievements`,
  steamReviews: (accountId: number | string) => `/api/accounts/${accountId}/steam_reviews`,
} as const;
