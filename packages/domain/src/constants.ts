/**
 * The product's business constants and limits in one place (docs/product/limits.md). Values that belong to a rule live in
 * that rule's module and are re-exported here, so this file reads as the whole table.
 */
export { NICKNAME_MAX_WEIGHT } from './nickname.ts';
export { MINIMUM_AGE } from './identity.ts';
export { BIND_TASK_SCORE } from './points.ts';
export { CART_DELTA_MIN, CART_DELTA_MAX } from './cart.ts';

/** Toasts vanish after 4 s. */
export const TOAST_DURATION_MS = 4000;
/** The prompt variant appears after 0.5 s and lasts 3 s. */
export const PROMPT_TOAST_DURATION_MS = 3000;
export const PROMPT_TOAST_DELAY_MS = 500;

/** A sign-in request (fast access token) gives up after 10 s and shows a timeout marker. */
export const SIGN_IN_TIMEOUT_MS = 10_000;
export const REDIRECT_AFTER_SIGN_IN_MS = 1000;

/** Unpaid flash-sale orders are shown as canceled after 10 minutes. */
export const SECKILL_ORDER_EXPIRY_SECONDS = 10 * 60;
/** Unpaid one-click and cart orders are shown as canceled after 30 minutes. */
export const ORDER_EXPIRY_SECONDS = 30 * 60;

/** A cached key list for one key type (uplay) is reused while under 50 s old. */
export const KEY_LIST_REUSE_MS = 50_000;

/** User lookups are batched every 500 ms; the same delay is the retry after an access_wait answer. */
export const USER_LOOKUP_BATCH_MS = 500;
export const ACCESS_WAIT_RETRY_MS = USER_LOOKUP_BATCH_MS;

/** Layout packs: merged every second, at most 30 ids per batch. */
export const LAYOUT_PACK_MERGE_MS = 1000;
export const LAYOUT_PACK_BATCH_SIZE = 30;

/** "4 MB" means 4 MiB, the way the upload store measures it. */
export const IMAGE_MAX_BYTES = 4 * 1024 * 1024;

export const VISIBLE_NOTIFICATIONS_MAX = 3;
export const GUIDE_STEPS = 10;

export const HOT_GROUP_CAP = 4;
export const MALL_INDEX_HEADLINE_CAP = 3;

export const DEFAULT_PAGE = 1;

/** Default `per` of each paged list (docs/product/limits.md#page-sizes). */
export const PAGE_SIZES = {
  conversations: 10,
  headlines: 10,
  headline_comments: 15,
  replies: 5,
  /** SKU search from the headline editor (GET /api/search/skus.json, per 30). */
  sku_search: 30,
  talk_comments: 10,
  reviews: 7,
  posts: 10,
  messages: 10,
  tag_recommendations: 10,
  /** SKU batch requests (q id_in): 30 per request, page 1. */
  sku_batch: 30,
  /** Store search (GET /api/search/skus.json): 10, page 1. */
  store_search: 10,
  recommended_groups: 3,
  red_packet_accounts: 4,
  not_reviewed: 10,
} as const;

export type PagedList = keyof typeof PAGE_SIZES;

/** Ours: the largest `per` a client may ask for, so no request can page the whole table. */
export const PER_MAX = 100;
