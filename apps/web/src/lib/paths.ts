import { WEB_PAGES } from '@lantern/contract';

/** Every route of the web: its patterns are the contract's WEB_PAGES (the server knows them too) (docs/product/screens.md#routes). Builders for paths with parameters. */
export const paths = {
  root: WEB_PAGES.root,
  home: WEB_PAGES.home,
  community: WEB_PAGES.community,
  /** A game's group (docs/product/community.md#groups) and its tabs. */
  group: (id: number | string, tab?: 'posts' | 'reviews' | 'contributors') => `/community/groups/${id}${tab && tab !== 'posts' ? `?tab=${tab}` : ''}`,
  groupPattern: WEB_PAGES.group,
  /** The editor of a new post or review in a group. */
  writePost: (groupId: number | string, type: 'Post' | 'Review', isLong = false) => `/community/groups/${groupId}/write?type=${type}${isLong ? '&long=1' : ''}`,
  writePostPattern: WEB_PAGES.writePost,
  editPost: (id: number | string) => `/posts/${id}/edit`,
  editPostPattern: WEB_PAGES.editPost,
  /** A post or review (docs/product/screens.md): reached after publishing. */
  post: (id: number | string) => `/posts/${id}`,
  postPattern: WEB_PAGES.post,
  subjects: '/home?type=subject',
  userReviews: WEB_PAGES.userReviews,
  headlines: WEB_PAGES.headlines,
  /** The headlines home on one section's tab, and a page of its list (docs/product/headlines.md#pages). */
  headlinesOf: (sectionId?: number | null, page = 1) => {
    const q = new URLSearchParams();
    if (sectionId) q.set('section', String(sectionId));
    if (page > 1) q.set('page', String(page));
    const s = q.toString();
    return s ? `/headlines?${s}` : '/headlines';
  },
  headline: (id: number | string) => `/headlines/${id}`,
  headlinePattern: WEB_PAGES.headline,
  /** Editors' drafts (and staff's queue of submitted ones), a new draft, and editing one. */
  headlineDrafts: WEB_PAGES.headlineDrafts,
  headlineDraftNew: WEB_PAGES.headlineDraftNew,
  headlineDraftEdit: (id: number | string) => `/headlines/drafts/${id}/edit`,
  headlineDraftEditPattern: WEB_PAGES.headlineDraftEdit,
  /** Staff: a submitted draft read as the article it will become, with publish and reject. */
  headlineDraftPreview: (id: number | string) => `/headlines/drafts/${id}/preview`,
  headlineDraftPreviewPattern: WEB_PAGES.headlineDraftPreview,
  /** Staff: the report queue on one state's tab, a page of it (docs/product/community.md#moderation-on-the-web). */
  moderationReports: WEB_PAGES.moderationReports,
  moderationReportsOf: (status: string, page = 1) => `/moderation/reports?status=${status}${page > 1 ? `&page=${page}` : ''}`,
  search: WEB_PAGES.search,
  searchFor: (keyword: string) => `/search?keyword=${encodeURIComponent(keyword)}`,
  cart: WEB_PAGES.cart,
  cartOf: (cate: 'game' | 'virtual' | 'physical') => `/cart?cate=${cate}`,
  orders: WEB_PAGES.orders,
  order: (id: number | string) => `/orders/${id}`,
  orderPattern: WEB_PAGES.order,
  checkout: (id: number | string) => `/orders/${id}/checkout`,
  checkoutPattern: WEB_PAGES.checkout,
  orderComplete: (id: number | string) => `/orders/${id}/complete`,
  orderCompletePattern: WEB_PAGES.orderComplete,
  /** The transition that turns a cart selection (or a one-click buy) into an order (docs/product/screens.md#transition). */
  transition: WEB_PAGES.transition,
  cartConfirm: (o: { skuIds: readonly number[]; cate: string; type?: 'cart' | 'one_click'; couponId?: number | null; from?: string }) => {
    const q = new URLSearchParams({ type: 'cart_confirm', cate: o.cate, sku_ids: o.skuIds.join(',') });
    if (o.type === 'one_click') q.set('order_type', 'one_click');
    if (o.couponId) q.set('coupon_id', String(o.couponId));
    if (o.from) q.set('from', o.from);
    return `/transition?${q.toString()}`;
  },
  /** Carries a payment url and form data and posts them to the gateway (docs/product/screens.md#blank). */
  blank: WEB_PAGES.blank,
  userCenter: WEB_PAGES.userCenter,
  gameKeys: WEB_PAGES.gameKeys,
  uplayKeys: WEB_PAGES.uplayKeys,
  library: WEB_PAGES.library,
  coupons: WEB_PAGES.coupons,
  redeem: WEB_PAGES.redeem,
  wallet: WEB_PAGES.wallet,
  /** Tasks and journeys, and inviting friends (docs/product/engagement.md). */
  journeys: WEB_PAGES.journeys,
  invites: WEB_PAGES.invites,
  /** Share and earn: my distribution code and the orders it brought (docs/product/distribution.md). */
  distribution: WEB_PAGES.distribution,
  messages: WEB_PAGES.messages,
  /** The notification centre on one tab (docs/product/messaging.md#notification-centre), a page of it. */
  messagesTab: (tab: string, page = 1) => `/messages?tab=${tab}${page > 1 ? `&page=${page}` : ''}`,
  /** Private messages (docs/product/messaging.md#private-messages): the list, one conversation, a first message to someone. */
  conversations: WEB_PAGES.conversations,
  conversation: (id: number | string) => `/messages/conversations/${id}`,
  conversationPattern: WEB_PAGES.conversation,
  newConversation: (targetId: number | string) => `/messages/new?target_id=${targetId}`,
  newConversationPath: WEB_PAGES.newConversation,
  signIn: WEB_PAGES.signIn,
  signInReturning: (returnAddr: string) => `/sign_in?return_addr=${encodeURIComponent(returnAddr)}`,
  signUp: WEB_PAGES.signUp,
  passwordReset: WEB_PAGES.passwordReset,
  unlock: WEB_PAGES.unlock,
  /** Account appeals (docs/product/engagement.md#appeals): the form, the contact's list and one appeal; the e-mailed reset and deny links. */
  appeals: WEB_PAGES.appeals,
  appealList: '/appeals?view=list',
  appeal: (id: number | string) => `/appeals?id=${id}`,
  appealReset: WEB_PAGES.appealReset,
  appealDeny: WEB_PAGES.appealDeny,
  security: WEB_PAGES.security,
  securityAuth: WEB_PAGES.securityAuth,
  profile: WEB_PAGES.profile,
  addresses: WEB_PAGES.addresses,
  points: WEB_PAGES.points,
  wishes: WEB_PAGES.wishes,
  pointsShop: WEB_PAGES.pointsShop,
  sku: (id: number | string) => `/sku/${id}`,
  skuPattern: WEB_PAGES.sku,
  peripheral: WEB_PAGES.peripheral,
  periTag: (id: number | string) => `/peripheral/tags/${id}`,
  periTagPattern: WEB_PAGES.periTag,
  user: (id: number | string) => `/users/${id}`,
  userPattern: WEB_PAGES.user,
  bundles: WEB_PAGES.bundles,
  bundle: (id: number | string) => `/bundles/${id}`,
  bundlePattern: WEB_PAGES.bundle,
  queue: (id: number | string) => `/queues/${id}`,
  queuePattern: WEB_PAGES.queue,
  redPacketEvent: (id: number | string) => `/events/${id}`,
  redPacketEventPattern: WEB_PAGES.redPacketEvent,
  redPacketShare: (id: number | string, rid: number | string, sid: string) => `/events/${id}/red_packets/${rid}/shares/${encodeURIComponent(sid)}`,
  redPacketSharePattern: WEB_PAGES.redPacketShare,
  lottery: (id: number | string) => `/lottery/${id}`,
  lotteryPattern: WEB_PAGES.lottery,
  notFound: WEB_PAGES.notFound,
  serverError: WEB_PAGES.serverError,
  ipError: WEB_PAGES.ipError,
  // People and talks (docs/product/people.md)
  blockList: WEB_PAGES.blockList,
  collections: WEB_PAGES.collections,
  talks: WEB_PAGES.talks,
  talksOf: (tab: 'following' | 'all' | 'recommend') => (tab === 'following' ? '/talks' : `/talks?tab=${tab}`),
  talk: (id: number | string) => `/talks/${id}`,
  talkPattern: WEB_PAGES.talk,
  /** Flash sales: current, upcoming and past (docs/product/deals.md#flash-sales-on-the-web). */
  flashSales: WEB_PAGES.flashSales,
  /** Notices, the version progress list and the feedback form (docs/product/notices.md). */
  notices: WEB_PAGES.notices,
  noticesPage: (page: number) => (page > 1 ? `/notices?page=${page}` : '/notices'),
  notice: (id: number | string) => `/notices/${id}`,
  noticePattern: WEB_PAGES.notice,
  versions: WEB_PAGES.versions,
  feedback: WEB_PAGES.feedback,
  feedbackFrom: (from: string) => `/feedback?from=${encodeURIComponent(from)}`,
  /** Linked accounts (docs/product/linked-accounts.md): settings, the OAuth providers' return, the game launcher's sign-in end. */
  linkedAccounts: WEB_PAGES.linkedAccounts,
  oauthCallbackPattern: WEB_PAGES.oauthCallback,
  launcherLoginSuccess: WEB_PAGES.launcherLoginSuccess,
  /** The store's terms of service and privacy policy (docs/product/screens.md#legal). */
  terms: WEB_PAGES.terms,
  privacy: WEB_PAGES.privacy,
} as const;
