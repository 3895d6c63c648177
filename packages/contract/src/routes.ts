/**
 * Every API path the server answers and the web calls, in one place (conventions: docs/product/README.md#api-conventions).
 * Functions build paths with ids; the server registers the `:param` forms from `API_PATTERNS`.
 */
export const API = {
  fetchRegion: '/api/v1/fetch_region',
  fetchByRegion: '/api/v7/fetch_by_region',
  captchas: '/api/captchas',
  message: '/api/message',
  accounts: '/api/accounts',
  accessToken: '/api/access_token',
  fastAccessToken: '/api/fast/access_token',
  me: '/api/me',
  meCheck: '/api/me/check',
  /** The beginners' guide was closed or finished (docs/product/screens.md#guide). */
  meGuide: '/api/me/guide',
  profile: '/api/profile',
  phonePassword: '/api/me/phone/password',
  emailPassword: '/api/me/email/password',
  meEmail: '/api/me/email',
  mePhone: '/api/me/phone',
  unbindPhone: '/api/me/unbind/phone',
  unlock: '/api/me/unlock',
  identification: '/api/identification',
  clockIn: '/api/me/clock_in',
  pointDetails: '/api/point_details',
  walletEntries: '/api/me/wallet_entries',
  users: '/api/users',
  user: (id: number | string) => `/api/users/${id}`,
  userService: (id: number | string) => `/api/users/${id}/service`,
  addresses: '/api/me/detailed_addresses',
  address: (id: number | string) => `/api/me/detailed_addresses/${id}`,
  districts: '/districts',
  // Catalogue and search (docs/product/catalogue.md)
  product: (id: number | string) => `/api/products/${id}`,
  sku: (id: number | string) => `/api/skus/${id}`,
  skuService: (id: number | string) => `/api/skus/${id}/service`,
  skus: '/api/skus',
  searchSkus: '/api/search/skus',
  autocomplete: '/api/search/autocomplete',
  suggestSkus: '/api/suggest/skus',
  wishlist: '/api/me/wishes',
  wish: (skuId: number | string) => `/api/me/wishes/${skuId}`,
  tagsTimestamp: '/api/tags/timestamp',
  serverSwitch: '/api/server_switch',
  // Storefront
  home: '/api/v7/home',
  booth: (id: number | string) => `/api/v7/booths/${id}`,
  box: (id: number | string) => `/api/v7/boxes/${id}`,
  springboard: '/api/springboard',
  cubes: '/api/cubes',
  ellipses: '/api/ellipses',
  customLayouts: '/api/custom/layouts',
  customPacks: '/api/custom/packs',
  // Staff preview of layouts and packs not yet live
  customLayoutsPreview: '/api/custom/layouts/preview',
  customPacksPreview: '/api/custom/packs/preview',
  // Peripheral shop
  peripheral: '/api/peripheral',
  periNavItems: '/api/peripheral/nav_items',
  periTag: (id: number | string) => `/api/peripheral/peri_tags/${id}`,
  categories: '/api/categories',
  periTags: '/api/peri_tags',
  periHome: '/api/peri_home',
  // Cart, coupons, orders (docs/product/buying.md)
  cart: '/api/cart',
  cartCoupons: '/api/cart/coupons',
  accountCoupons: '/api/account_coupons',
  accountCoupon: (id: number | string) => `/api/account_coupons/${id}`,
  myAccountCoupons: '/api/me/account_coupons',
  orders: '/api/orders',
  orderCancel: (id: number | string) => `/api/orders/${id}/cancel`,
  orderDelete: (id: number | string) => `/api/orders/${id}`,
  myOrders: '/api/me/orders',
  myOrder: (id: number | string) => `/api/me/orders/${id}`,
  cover: (seed: string, shape: 'vertical' | 'horizontal' | 'banner') => `/media/covers/${encodeURIComponent(seed)}.svg?shape=${shape}`,
} as const;

/** Cookie names. Sessions are per site, so each site's cookies carry its area (docs/product/accounts.md#sessions). */
export const COOKIES = {
  access: (area: 'native' | 'abroad') => `lantern_${area}_at`,
  refresh: (area: 'native' | 'abroad') => `lantern_${area}_rt`,
  /**
   * Readable by script, holds no secret: says a session exists on this site, so the web asks for /api/me
   * only then (a guest's page load makes no call that is bound to fail). Lives as long as the refresh token.
   */
  session: (area: 'native' | 'abroad') => `lantern_${area}_session`,
  csrf: 'lantern_csrf',
} as const;

/**
 * In production every cookie is Secure and its name carries a prefix the browser enforces, so no other
 * site (a sibling subdomain, a plain-http page) can set or shadow it: `__Host-` for cookies of the whole
 * origin (path /, no Domain), `__Secure-` for the refresh cookie, whose path is narrower. The web reads the
 * prefixed name first; outside production the names are bare.
 */
export const SECURE_COOKIE_PREFIX = { wholeOrigin: '__Host-', narrowPath: '__Secure-' } as const;

/** A cookie's name in production, by its base name and path. */
export function secureCookieName(name: string, path: string): string {
  return (path === '/' ? SECURE_COOKIE_PREFIX.wholeOrigin : SECURE_COOKIE_PREFIX.narrowPath) + name;
}

/** Header that must echo the CSRF cookie on cookie-authenticated writes (double-submit). */
export const CSRF_HEADER = 'x-csrf-token';
