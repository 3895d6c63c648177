/** Every route of the web, in one place (docs/product/screens.md#routes). Builders for paths with parameters. */
export const paths = {
  root: '/',
  home: '/home',
  community: '/community',
  /** A game's group (docs/product/community.md#groups) and its tabs. */
  group: (id: number | string, tab?: 'posts' | 'reviews' | 'contributors') => `/community/groups/${id}${tab && tab !== 'posts' ? `?tab=${tab}` : ''}`,
  groupPattern: '/community/groups/:id',
  /** The editor of a new post or review in a group. */
  writePost: (groupId: number | string, type: 'Post' | 'Review', isLong = false) => `/community/groups/${groupId}/write?type=${type}${isLong ? '&long=1' : ''}`,
  writePostPattern: '/community/groups/:id/write',
  editPost: (id: number | string) => `/posts/${id}/edit`,
  editPostPattern: '/posts/:id/edit',
  /** A post or review (docs/product/screens.md): reached after publishing. */
  post: (id: number | string) => `/posts/${id}`,
  postPattern: '/posts/:id',
  subjects: '/home?type=subject',
  userReviews: '/user_center/reviews',
  headlines: '/headlines',
  /** The headlines home on one section's tab, and a page of its list (docs/product/headlines.md#pages). */
  headlinesOf: (sectionId?: number | null, page = 1) => {
    const q = new URLSearchParams();
    if (sectionId) q.set('section', String(sectionId));
    if (page > 1) q.set('page', String(page));
    const s = q.toString();
    return s ? `/headlines?${s}` : '/headlines';
  },
  headline: (id: number | string) => `/headlines/${id}`,
  headlinePattern: '/headlines/:id',
  /** Editors' drafts (and staff's queue of submitted ones), a new draft, and editing one. */
  headlineDrafts: '/headlines/drafts',
  headlineDraftNew: '/headlines/drafts/new',
  headlineDraftEdit: (id: number | string) => `/headlines/drafts/${id}/edit`,
  headlineDraftEditPattern: '/headlines/drafts/:id/edit',
  /** Staff: a submitted draft read as the article it will become, with publish and reject. */
  headlineDraftPreview: (id: number | string) => `/headlines/drafts/${id}/preview`,
  headlineDraftPreviewPattern: '/headlines/drafts/:id/preview',
  /** Staff: the report queue on one state's tab, a page of it (docs/product/community.md#moderation-on-the-web). */
  moderationReports: '/moderation/reports',
  moderationReportsOf: (status: string, page = 1) => `/moderation/reports?status=${status}${page > 1 ? `&page=${page}` : ''}`,
  search: '/search',
  searchFor: (keyword: string) => `/search?keyword=${encodeURIComponent(keyword)}`,
  cart: '/cart',
  cartOf: (cate: 'game' | 'virtual' | 'physical') => `/cart?cate=${cate}`,
  orders: '/orders',
  order: (id: number | string) => `/orders/${id}`,
  orderPattern: '/orders/:id',
  checkout: (id: number | string) => `/orders/${id}/checkout`,
  checkoutPattern: '/orders/:id/checkout',
  orderComplete: (id: number | string) => `/orders/${id}/complete`,
  orderCompletePattern: '/orders/:id/complete',
  /** The transition that turns a cart selection (or a one-click buy) into an order (docs/product/screens.md#transition). */
  transition: '/transition',
  cartConfirm: (o: { skuIds: readonly number[]; cate: string; type?: 'cart' | 'one_click'; couponId?: number | null; from?: string }) => {
    const q = new URLSearchParams({ type: 'cart_confirm', cate: o.cate, sku_ids: o.skuIds.join(',') });
    if (o.type === 'one_click') q.set('order_type', 'one_click');
    if (o.couponId) q.set('coupon_id', String(o.couponId));
    if (o.from) q.set('from', o.from);
    return `/transition?${q.toString()}`;
  },
  /** Carries a payment url and form data and posts them to the gateway (docs/product/screens.md#blank). */
  blank: '/blank',
  userCenter: '/user_center',
  gameKeys: '/user_center/keys',
  uplayKeys: '/user_center/uplay_keys',
  library: '/user_center/library',
  coupons: '/user_center/coupons',
  redeem: '/user_center/redeem',
  wallet: '/user_center/wallet',
  messages: '/messages',
  /** The notification centre on one tab (docs/product/messaging.md#notification-centre), a page of it. */
  messagesTab: (tab: string, page = 1) => `/messages?tab=${tab}${page > 1 ? `&page=${page}` : ''}`,
  /** Private messages (docs/product/messaging.md#private-messages): the list, one conversation, a first message to someone. */
  conversations: '/messages/conversations',
  conversation: (id: number | string) => `/messages/conversations/${id}`,
  conversationPattern: '/messages/conversations/:id',
  newConversation: (targetId: number | string) => `/messages/new?target_id=${targetId}`,
  newConversationPath: '/messages/new',
  signIn: '/sign_in',
  signInReturning: (returnAddr: string) => `/sign_in?return_addr=${encodeURIComponent(returnAddr)}`,
  signUp: '/sign_up',
  passwordReset: '/password/reset',
  unlock: '/unlock',
  security: '/setting/security',
  securityAuth: '/setting/security/auth',
  profile: '/setting/profile',
  addresses: '/setting/addresses',
  points: '/user_center/points',
  wishes: '/user_center/wishes',
  pointsShop: '/points-shop',
  sku: (id: number | string) => `/sku/${id}`,
  skuPattern: '/sku/:id',
  peripheral: '/peripheral',
  periTag: (id: number | string) => `/peripheral/tags/${id}`,
  periTagPattern: '/peripheral/tags/:id',
  user: (id: number | string) => `/users/${id}`,
  userPattern: '/users/:id',
  bundles: '/bundles',
  bundle: (id: number | string) => `/bundles/${id}`,
  bundlePattern: '/bundles/:id',
  queue: (id: number | string) => `/queues/${id}`,
  queuePattern: '/queues/:id',
  notFound: '/404',
  serverError: '/500',
  ipError: '/ip_error',
  // People and talks (docs/product/people.md)
  blockList: '/user_center/block_list',
  collections: '/user_center/collections',
  talks: '/talks',
  talksOf: (tab: 'following' | 'all' | 'recommend') => (tab === 'following' ? '/talks' : `/talks?tab=${tab}`),
  talk: (id: number | string) => `/talks/${id}`,
  talkPattern: '/talks/:id',
  /** Flash sales: current, upcoming and past (docs/product/deals.md#flash-sales-on-the-web). */
  flashSales: '/flash-sales',
  /** Notices, the version progress list and the feedback form (docs/product/notices.md). */
  notices: '/notices',
  noticesPage: (page: number) => (page > 1 ? `/notices?page=${page}` : '/notices'),
  notice: (id: number | string) => `/notices/${id}`,
  noticePattern: '/notices/:id',
  versions: '/versions',
  feedback: '/feedback',
  feedbackFrom: (from: string) => `/feedback?from=${encodeURIComponent(from)}`,
  /** Linked accounts (docs/product/linked-accounts.md): settings, the OAuth providers' return, the game launcher's sign-in end. */
  linkedAccounts: '/setting/linked_accounts',
  oauthCallbackPattern: '/oauth/:kind/callback',
  launcherLoginSuccess: '/third_party/login/success',
} as const;
