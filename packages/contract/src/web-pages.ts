/**
 * Every page of the web app as a route pattern (`:name` is one path segment), in one place: the web's router is
 * built from these (apps/web/src/lib/paths.ts) and the server answers 404 for a path none of them matches, still
 * with the app's page (docs/product/screens.md#routes).
 */
export const WEB_PAGES = {
  root: '/',
  home: '/home',
  community: '/community',
  group: '/community/groups/:id',
  writePost: '/community/groups/:id/write',
  editPost: '/posts/:id/edit',
  post: '/posts/:id',
  headlines: '/headlines',
  headlineDrafts: '/headlines/drafts',
  headlineDraftNew: '/headlines/drafts/new',
  headlineDraftEdit: '/headlines/drafts/:id/edit',
  headlineDraftPreview: '/headlines/drafts/:id/preview',
  headline: '/headlines/:id',
  talks: '/talks',
  talk: '/talks/:id',
  cart: '/cart',
  transition: '/transition',
  checkout: '/orders/:id/checkout',
  orderComplete: '/orders/:id/complete',
  conversations: '/messages/conversations',
  conversation: '/messages/conversations/:id',
  newConversation: '/messages/new',
  messages: '/messages',
  search: '/search',
  sku: '/sku/:id',
  peripheral: '/peripheral',
  periTag: '/peripheral/tags/:id',
  pointsShop: '/points-shop',
  signIn: '/sign_in',
  signUp: '/sign_up',
  passwordReset: '/password/reset',
  unlock: '/unlock',
  appeals: '/appeals',
  appealReset: '/appeals/reset',
  appealDeny: '/appeals/deny',
  userCenter: '/user_center',
  orders: '/orders',
  order: '/orders/:id',
  gameKeys: '/user_center/keys',
  uplayKeys: '/user_center/uplay_keys',
  library: '/user_center/library',
  userReviews: '/user_center/reviews',
  collections: '/user_center/collections',
  blockList: '/user_center/block_list',
  coupons: '/user_center/coupons',
  redeem: '/user_center/redeem',
  wallet: '/user_center/wallet',
  journeys: '/user_center/journeys',
  invites: '/user_center/invites',
  distribution: '/user_center/distribution',
  points: '/user_center/points',
  wishes: '/user_center/wishes',
  security: '/setting/security',
  securityAuth: '/setting/security/auth',
  linkedAccounts: '/setting/linked_accounts',
  profile: '/setting/profile',
  addresses: '/setting/addresses',
  user: '/users/:id',
  bundles: '/bundles',
  bundle: '/bundles/:id',
  queue: '/queues/:id',
  redPacketEvent: '/events/:id',
  redPacketShare: '/events/:id/red_packets/:rid/shares/:sid',
  lottery: '/lottery/:id',
  notFound: '/404',
  serverError: '/500',
  ipError: '/ip_error',
  flashSales: '/flash-sales',
  notices: '/notices',
  notice: '/notices/:id',
  versions: '/versions',
  feedback: '/feedback',
  moderationReports: '/moderation/reports',
  terms: '/terms',
  privacy: '/privacy',
  oauthCallback: '/oauth/:kind/callback',
  launcherLoginSuccess: '/third_party/login/success',
  blank: '/blank',
} as const;

export type WebPage = keyof typeof WEB_PAGES;

/** Pages only a signed-in account has (the user centre, checkout, messages): never for a search engine. */
export const PRIVATE_WEB_PREFIXES = ['/user_center', '/setting', '/orders', '/cart', '/transition', '/messages', '/blank', '/oauth', '/third_party', '/headlines/drafts', '/moderation'] as const;

export interface WebPageMatch {
  page: WebPage;
  params: Record<string, string>;
}

const compiled = (Object.entries(WEB_PAGES) as [WebPage, string][]).map(([page, pattern]) => {
  const names: string[] = [];
  const source = pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  // A trailing slash opens the same page, as the web's router treats it.
  return { page, names, regex: new RegExp(`^${pattern === '/' ? '/' : `${source}/?`}$`) };
});

/**
 * The page a path (without its query) opens, with its parameters decoded; null when no page has it. A literal
 * pattern wins over one with a parameter (`/headlines/drafts` is not the headline `drafts`), as in the router.
 */
export function matchWebPage(path: string): WebPageMatch | null {
  let found: WebPageMatch | null = null;
  for (const { page, names, regex } of compiled) {
    const m = regex.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    try {
      names.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1] ?? '')));
    } catch {
      continue;
    }
    if (names.length === 0) return { page, params };
    found ??= { page, params };
  }
  return found;
}
