import { frameQueryKeys } from './frame-query-keys';

/**
 * Every query key of the web app, and only here and in lib/frame-query-keys.ts (query-keys.test.ts refuses
 * `queryKey: [` anywhere else).
 *
 * Keys are hierarchical: invalidating a prefix refreshes everything under it. Two prefixes carry meaning:
 *  - `['me', …]` is server state that depends on who is signed in. Signing in refetches it, signing out
 *    drops it (lib/session.ts), and invalidating `queryKeys.me.all` refreshes all of it at once (after a
 *    payment or a redemption, which touch the wallet, points, orders, keys and library together).
 *  - anything else is the same for every viewer of the site (catalog, storefront, shop, search, districts).
 *
 * docs/web-data-layer.md lists which query owns each piece of server state and who invalidates it.
 */
export const queryKeys = {
  me: {
    /** The account itself, its prompts (lib/frame-query-keys.ts: the frame's own keys, on every page). */
    ...frameQueryKeys.me,
    /** The notification centre: its pages and its counters (docs/product/messaging.md#notifications). */
    notificationsAll: ['me', 'notifications'] as const,
    notifications: (kinds: string, page: number) => ['me', 'notifications', 'list', kinds, page] as const,
    notificationService: ['me', 'notifications', 'service'] as const,
  },
  addresses: {
    all: ['me', 'addresses'] as const,
  },
  points: {
    all: ['me', 'point_details'] as const,
    page: (page: number) => ['me', 'point_details', page] as const,
  },
  wallet: {
    all: ['me', 'wallet_entries'] as const,
    page: (page: number) => ['me', 'wallet_entries', page] as const,
  },
  wishes: {
    all: ['me', 'wishes'] as const,
    page: (page: number) => ['me', 'wishes', page] as const,
  },
  cart: {
    /** Every view of the cart (lib/frame-query-keys.ts) and its coupon list. */
    ...frameQueryKeys.cart,
    coupons: ['me', 'cart', 'coupons'] as const,
  },
  orders: {
    all: ['me', 'orders'] as const,
    lists: ['me', 'orders', 'list'] as const,
    list: (state: string, page: number) => ['me', 'orders', 'list', state, page] as const,
    detail: (id: number | string) => ['me', 'orders', 'detail', String(id)] as const,
    payments: (id: number | string) => ['me', 'orders', 'payments', String(id)] as const,
    /** One round of polling a payment's state after the gateway sent the buyer back. */
  },
  coupons: {
    all: ['me', 'coupons'] as const,
    mine: (state: string, page: number) => ['me', 'coupons', 'mine', state, page] as const,
    claimable: (page: number) => ['me', 'coupons', 'claimable', page] as const,
  },
  keys: {
    /** Key lists and revealed codes. */
    all: ['me', 'game_keys'] as const,
    list: (delivery: string, page: number) => ['me', 'game_keys', 'list', delivery, page] as const,
    uplay: (page: number) => ['me', 'game_keys', 'uplay', page] as const,
    virtual: (page: number) => ['me', 'game_keys', 'virtual', page] as const,
    reveal: (id: number) => ['me', 'game_keys', 'reveal', id] as const,
  },
  /** Journeys, tasks and rewards; invitations (docs/product/engagement.md). */
  journeys: {
    tasks: ['me', 'journey_tasks'] as const,
    rewards: ['me', 'journey_rewards'] as const,
  },
  /** Distribution: my code and summary, the orders attributed to me, a SKU's commission (docs/product/distribution.md). */
  distribution: {
    mine: ['me', 'distribution'] as const,
    orders: (page: number) => ['me', 'distribution', 'orders', page] as const,
    scale: (skuId: number) => ['me', 'distribution', 'scale', skuId] as const,
  },
  invites: {
    info: ['me', 'invite_info'] as const,
    invited: (page: number) => ['me', 'invited', page] as const,
    inviter: (code: string) => ['invite', code] as const,
  },
  redeem: {
    all: ['me', 'redeem'] as const,
    state: ['me', 'redeem', 'state'] as const,
    history: (page: number) => ['me', 'redeem', 'history', page] as const,
    mine: ['me', 'redeem', 'mine'] as const,
  },
  library: {
    all: ['me', 'library'] as const,
    page: (kind: string, page: number) => ['me', 'library', kind, page] as const,
  },
  userCenter: {
    all: ['me', 'user_center'] as const,
    info: ['me', 'user_center', 'info'] as const,
  },
  skuService: (skuId: number) => ['me', 'sku-service', skuId] as const,
  /** Steam and Epic reviews of a game and its Steam evaluation: the same for every viewer of a site. */
  gameReviews: {
    steam: (skuId: number) => ['game-reviews', 'steam', skuId] as const,
    epic: (skuId: number) => ['game-reviews', 'epic', skuId] as const,
    evaluation: (skuId: number) => ['game-reviews', 'evaluation', skuId] as const,
  },
  /** A game's vote with the viewer's choice (a guest's too: it changes on sign-in). */
  gameVote: (skuId: number) => ['me', 'game-vote', skuId] as const,
  /** The points shop with the viewer's points and redeemed counts (a guest's too: it changes on sign-in). */
  pointRedeems: ['me', 'point_redeems'] as const,
  /** The coupons the viewer holds, as ids, for the home's coupon areas. */
  heldCouponIds: ['me', 'coupons', 'held_ids'] as const,
  users: {
    detail: (id: string) => ['users', id] as const,
    service: (id: string) => ['users', id, 'service'] as const,
    games: (id: string, page: number) => ['users', id, 'games', page] as const,
    steamGames: (id: string) => ['users', id, 'steam-games'] as const,
    achievements: (id: string) => ['users', id, 'achievements'] as const,
    /** Whether others see them depends on the viewer (the owner always does), so it lives under `me`. */
    steamReviews: (id: string, page: number) => ['me', 'users', id, 'steam-reviews', page] as const,
    posts: (id: string, type: 'Post' | 'Review', page: number) => ['users', id, 'posts', type, page] as const,
    comments: (id: string, replies: boolean, page: number) => ['users', id, 'comments', replies, page] as const,
    /** Holds whether the viewer follows each friend, so it changes with the viewer. */
    friends: (id: string, kind: string, page: number) => ['me', 'users', id, 'friends', kind, page] as const,
    /** GET /api/users/{id}/follow: the viewer's follow and block state (depends on the viewer, so under `me`). */
    follow: (id: string) => ['me', 'follow', id] as const,
  },
  catalog: {
    sku: (id: number | string) => ['catalog', 'sku', String(id)] as const,
    categories: ['catalog', 'categories'] as const,
    tags: ['catalog', 'tags'] as const,
  },
  search: {
    autocomplete: (keyword: string) => ['search', 'autocomplete', keyword] as const,
    skus: (apiQuery: object) => ['search', 'skus', apiQuery] as const,
  },
  storefront: {
    home: ['storefront', 'home'] as const,
    pack: (id: number) => ['storefront', 'packs', id] as const,
  },
  /** Flash sales: the same for every viewer of a site (the buy itself is a mutation). */
  promotions: {
    all: ['promotions'] as const,
    grouped: ['promotions', 'sec_kills', 'grouped'] as const,
    events: ['promotions', 'sec_kills', 'events'] as const,
    live: ['promotions', 'sec_kills', 'live'] as const,
  },
  shop: {
    navItems: ['shop', 'nav-items'] as const,
    home: ['shop', 'peri-home'] as const,
    tag: (id: string, page: number) => ['shop', 'peri-tag', id, page] as const,
  },
  /** Mainland provinces → cities → areas and the country list: the same for everyone, never stale. */
  districts: ['districts'] as const,
  /** Bundle promotions: the same for every viewer of the site. */
  /** Notices and the version progress list: the same for every viewer of a site (docs/product/notices.md). */
  notices: {
    all: ['notices'] as const,
    list: (page: number) => ['notices', 'list', page] as const,
    detail: (id: number | string) => ['notices', 'detail', String(id)] as const,
    versions: (page: number) => ['notices', 'versions', page] as const,
    releases: (versionInfoId: number) => ['notices', 'releases', versionInfoId] as const,
  },
  /** Linked accounts: the account's Steam binding with its library (docs/product/linked-accounts.md). */
  linkedAccounts: {
    steam: ['me', 'platforms', 'steam'] as const,
  },
  /** The feedback form's limits and what the account may still send today. */
  feedback: {
    form: ['me', 'feedback', 'form'] as const,
  },
  bundles: {
    all: ['bundles'] as const,
    list: ['bundles', 'list'] as const,
    detail: (id: number | string) => ['bundles', 'detail', String(id)] as const,
    holdings: (id: number | string) => ['bundles', 'holdings', String(id)] as const,
  },
  /** Red packets carry the viewer's packet and part, so they live under the account. */
  redPackets: {
    all: ['me', 'red_packets'] as const,
    live: ['me', 'red_packets', 'live'] as const,
    event: (id: number | string) => ['me', 'red_packets', 'event', String(id)] as const,
    share: (id: number | string, rid: number | string, sid: string) => ['me', 'red_packets', 'share', String(id), String(rid), sid] as const,
    newShare: (id: number | string, rid: number | string) => ['me', 'red_packets', 'new_share', String(id), String(rid)] as const,
    openings: (id: number | string, key: string, page: number) => ['me', 'red_packets', 'openings', String(id), key, page] as const,
    /** The latest openings across the event: under `openings`, so an opening reloads it with the packet's list. */
    eventOpenings: (id: number | string) => ['me', 'red_packets', 'openings', String(id), 'event'] as const,
  },
  /** Lotteries: the activity (stock and odds move with every draw), the recent winners; the viewer's own under the account. */
  lottery: {
    list: ['lottery', 'list'] as const,
    activity: (id: number | string) => ['lottery', 'activity', String(id)] as const,
    winners: (id: number | string) => ['lottery', 'winners', String(id)] as const,
    info: (id: number | string) => ['me', 'lottery', 'info', String(id)] as const,
    records: (id: number | string) => ['me', 'lottery', 'records', String(id)] as const,
  },
  /**
   * Account appeals belong to whoever holds the tracking token, not to a signed-in account (a person who lost
   * theirs files them): the form, the list and one appeal, and an old contact's deny link.
   */
  appeals: {
    form: ['appeals', 'form'] as const,
    list: (version: number) => ['appeals', 'list', version] as const,
    detail: (id: number) => ['appeals', 'detail', id] as const,
    denial: (token: string) => ['appeals', 'denial', token] as const,
  },
  /** Exploring queues carry the viewer's progress, so they live under the account. */
  queues: {
    all: ['me', 'queues'] as const,
    live: (skuId?: number) => ['me', 'queues', 'live', skuId ?? 'all'] as const,
    detail: (id: number | string) => ['me', 'queues', 'detail', String(id)] as const,
    item: (itemId: number) => ['me', 'queues', 'item', itemId] as const,
  },
  editionPreview: (skuId: number) => ['catalog', 'edition-preview', skuId] as const,
  /** Comments and replies carry the viewer's like state, so they live under the account. */
  discussion: {
    all: ['me', 'discussion'] as const,
    target: (type: string, id: number) => ['me', 'discussion', type, id] as const,
    comments: (type: string, id: number, page: number) => ['me', 'discussion', type, id, 'comments', page] as const,
    replies: (type: string, id: number, commentId: number) => ['me', 'discussion', type, id, 'replies', commentId] as const,
  },
  /**
   * The community: groups carry the viewer's follow state and posts whether the viewer wrote them, so all of
   * it lives under the account and is refetched on signing in or out.
   */
  community: {
    all: ['me', 'community'] as const,
    home: ['me', 'community', 'home'] as const,
    group: (id: number) => ['me', 'community', 'group', id] as const,
    groupPosts: (id: number, tab: string, page: number) => ['me', 'community', 'group', id, 'posts', tab, page] as const,
    contributors: (id: number) => ['me', 'community', 'group', id, 'contributors'] as const,
    post: (id: number) => ['me', 'community', 'post', id] as const,
    productGroup: (productId: number) => ['me', 'community', 'product-group', productId] as const,
    reviewsOf: (groupId: number) => ['me', 'community', 'group', groupId, 'reviews'] as const,
    subjects: (kind: string, page: number) => ['me', 'community', 'subjects', kind, page] as const,
    userReviews: (type: string, page: number) => ['me', 'community', 'user-reviews', type, page] as const,
    mentions: (prefix: string) => ['me', 'community', 'mentions', prefix] as const,
    draft: (key: readonly (string | number | boolean)[]) => ['me', 'community', 'draft', ...key] as const,
  },
  /** Headlines (docs/product/headlines.md): an article carries the reader's like, drafts are the editor's own. */
  headlines: {
    all: ['me', 'headlines'] as const,
    list: (sectionId: number | null, page: number) => ['me', 'headlines', 'list', sectionId, page] as const,
    page: (sectionId: number | null) => ['me', 'headlines', 'page', sectionId] as const,
    article: (id: number) => ['me', 'headlines', 'article', id] as const,
    drafts: ['me', 'headlines', 'drafts'] as const,
    draftList: (status: string) => ['me', 'headlines', 'drafts', 'list', status] as const,
    draft: (id: number) => ['me', 'headlines', 'drafts', id] as const,
    queue: ['me', 'headlines', 'drafts', 'queue'] as const,
    /** Staff: a submitted draft as the article it will become. */
    preview: (id: number) => ['me', 'headlines', 'drafts', 'preview', id] as const,
    skuSearch: (keyword: string) => ['me', 'headlines', 'sku-search', keyword] as const,
    skusByIds: (ids: readonly number[]) => ['me', 'headlines', 'skus', ...ids] as const,
  },
  /** The moderation desk (docs/product/community.md#moderation-on-the-web): the report queue by state and page. */
  moderation: {
    all: ['me', 'moderation'] as const,
    reports: (status: string, page: number) => ['me', 'moderation', 'reports', status, page] as const,
  },
  /** People and talks (docs/product/people.md): all depend on the viewer (own, likes, what they blocked). */
  people: {
    blockListAll: ['me', 'block_list'] as const,
    blockList: (page: number) => ['me', 'block_list', page] as const,
    collectionsAll: ['me', 'collections'] as const,
    collections: (page: number) => ['me', 'collections', page] as const,
    friends: (id: number) => ['me', 'friends', id] as const,
  },
  /** Private messages (docs/product/messaging.md#private-messages): the signed-in account's own. */
  conversations: {
    all: ['me', 'conversations'] as const,
    list: ['me', 'conversations', 'list'] as const,
    detail: (id: string) => ['me', 'conversations', 'detail', id] as const,
    target: (id: string) => ['me', 'conversations', 'target', id] as const,
    games: (keyword: string) => ['me', 'conversations', 'games', keyword] as const,
  },
  talks: {
    all: ['me', 'talks'] as const,
    list: (kind: 'following' | 'all' | 'recommend') => ['me', 'talks', 'list', kind] as const,
    detail: (id: string) => ['me', 'talks', 'detail', id] as const,
  },
} as const;

/** The part of a key under `queryKeys.keys.all` that tells a revealed code from a list. */
export const isRevealedKeyQuery = (key: readonly unknown[]) => key[2] === 'reveal';
