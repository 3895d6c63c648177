import { z } from 'zod';
import { area, listMeta, timestamp } from './common.ts';
import { localized } from './catalog.ts';

/**
 * Steam and Epic reviews, the Steam evaluation and community votes (docs/product/community.md#steam-and-epic-reviews,
 * #votes). The /api calls are snake_case; the forum-host calls (`/forum`, `/community`, `/support`) answer
 * `{ code, data, errorMsg }` with camelCase fields (docs/product/community.md#reply-codes).
 */
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const at = timestamp.min(0).max(32_503_680_000);
const text = (max: number) => z.string().trim().min(1).max(max);
const label = z.object({ chs: text(80), en: text(80) });
/** Steam's language names (schinese, english, …), or `all`. */
const reviewLanguage = z.string().trim().regex(/^[a-z]{2,20}$/).optional();

export const reviewPlatform = z.enum(['steam', 'epic']);

/** An imported review as the /api calls show it. `playtime_at_review` is seconds (the web shows hours). */
export const platformReview = z.object({
  id: z.number().int(),
  platform: reviewPlatform,
  sku_id: z.number().int(),
  area,
  language: z.string(),
  content: z.string(),
  recommended: z.boolean(),
  helpful_count: z.number().int(),
  funny_count: z.number().int(),
  playtime_at_review: z.number().int(),
  author_name: z.string(),
  posted_at_timestamp: timestamp,
  /** Likes from this store's players (the discussion module's count). */
  likes_count: z.number().int(),
});
export type PlatformReview = z.infer<typeof platformReview>;

/** GET /api/search/steam_reviews: a SKU's Steam reviews on this site, most helpful first (per 7 by default). */
export const steamReviewsQuery = z.object({
  sku_id: id.optional(),
  q: z.object({ sku_id_eq: id.optional(), language_eq: reviewLanguage }).optional(),
  language: reviewLanguage,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per: z.coerce.number().int().min(1).max(50).default(7),
});
export const steamReviewsResponse = z.object({ steam_reviews: z.array(platformReview), meta: listMeta });

// ---------------------------------------------------------------------------------------------------------
// Forum host: { code, data, errorMsg }, camelCase

/** The forum host's envelope: `code` 200 with `data`, or an error code with `errorMsg` (shown as it is). */
export function forumAnswer<T extends z.ZodTypeAny>(data: T) {
  return z.object({ code: z.number().int(), data, errorMsg: z.string().nullable() });
}
/**
 * A forum-host refusal: the reply code in `code` (the domain's `forumReplyCode`: 201, 202, 203, 302, 303 or the
 * HTTP status), the site's words in `errorMsg`, the stable reason code in `reason`, what the refusal carries in
 * `meta` (`unmute_at_timestamp`, `retry_after`).
 */
export const forumError = z.object({ code: z.number().int(), data: z.null(), errorMsg: z.string(), reason: z.string(), meta: z.record(z.string(), z.unknown()).optional() });
export type ForumError = z.infer<typeof forumError>;

export const forumReview = z.object({
  id: z.number().int(),
  platform: reviewPlatform,
  skuId: z.number().int(),
  area,
  language: z.string(),
  content: z.string(),
  recommended: z.boolean(),
  helpfulCount: z.number().int(),
  funnyCount: z.number().int(),
  playtimeAtReview: z.number().int(),
  authorName: z.string(),
  postedTimestamp: timestamp,
  likesCount: z.number().int(),
});
export type ForumReview = z.infer<typeof forumReview>;
export const forumReviewPage = z.object({ list: z.array(forumReview), total: z.number().int(), page: z.number().int(), size: z.number().int() });
export type ForumReviewPage = z.infer<typeof forumReviewPage>;

const skuIdList = z.union([z.array(id), z.string().trim().regex(/^\d+(,\d+)*$/).transform((s) => s.split(',').map(Number))])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .pipe(z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(30));
const forumPaging = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(7),
};

/** GET /forum/community/search/steam_reviews: reviews of any of the SKUs, most helpful first; `helpful_count` keeps those with at least that many helpful votes. */
export const forumSteamReviewsQuery = z.object({ skuIdList, helpful_count: z.coerce.number().int().min(0).max(2_147_483_647).optional(), language: reviewLanguage, ...forumPaging });
/** GET /forum/community/search/epic_reviews and GET /community/sku/steamReviewList: one SKU's reviews. */
export const forumSkuReviewsQuery = z.object({ skuId: id, language: reviewLanguage, ...forumPaging });

/** GET /forum/gameScore/sku/steamEvaluation (skuid, site): Steam's summary of the game, its label in the site's language. */
export const steamEvaluationQuery = z.object({ skuid: id, site: area.optional() });
export const steamEvaluation = z.object({
  skuId: z.number().int(),
  site: area,
  total: z.number().int(),
  positive: z.number().int(),
  negative: z.number().int(),
  positivePercent: z.number().int(),
  scoreKey: z.string(),
  scoreLabel: z.string(),
  syncedTimestamp: timestamp.nullable(),
});
export type SteamEvaluation = z.infer<typeof steamEvaluation>;

/** GET /support/vote/activity/client/info (regionCode, area, skuId): the SKU's vote on this site, or null. */
export const voteInfoQuery = z.object({ skuId: id, area: area.optional(), regionCode: z.string().trim().max(16).optional() });
export const voteOptionInfo = z.object({ id: z.number().int(), label: z.string(), count: z.number().int(), percent: z.number().int() });
export const voteInfo = z.object({
  id: z.number().int(),
  skuId: z.number().int(),
  area,
  title: z.string(),
  status: z.enum(['not_start', 'current', 'end']),
  startTimestamp: timestamp,
  endTimestamp: timestamp.nullable(),
  options: z.array(voteOptionInfo),
  totalCount: z.number().int(),
  /** The viewer's choice (null: not voted, or a guest). */
  myOptionId: z.number().int().nullable(),
});
export type VoteInfo = z.infer<typeof voteInfo>;
/** POST /support/vote/activity/client/vote: one vote per account and activity. */
export const voteRequest = z.object({ activityId: id, optionId: id });

// ---------------------------------------------------------------------------------------------------------
// Staff

/** A vote activity as staff see and edit it. */
export const voteActivity = z.object({
  id: z.number().int(),
  sku_id: z.number().int(),
  area,
  region: z.string().nullable(),
  title: localized,
  from_timestamp: timestamp,
  to_timestamp: timestamp.nullable(),
  closed: z.boolean(),
  options: z.array(z.object({ id: z.number().int(), label: localized, votes_count: z.number().int() })),
});
export type VoteActivity = z.infer<typeof voteActivity>;

/** POST /api/admin/vote_activities: a question and 2–10 options on one SKU's page (on the SKU's site). */
export const createVoteActivityRequest = z.object({
  vote_activity: z.object({
    sku_id: id,
    region: z.string().trim().min(1).max(16).nullable().optional(),
    title: label,
    options: z.array(label).min(2).max(10),
    from_timestamp: at,
    to_timestamp: at.nullable().optional(),
  }),
});
/** PATCH /api/admin/vote_activities/{id}: title, window, closing; option labels by position (options cannot be added once votes exist). */
export const updateVoteActivityRequest = z.object({
  vote_activity: z.object({
    title: label.optional(),
    options: z.array(label).min(2).max(10).optional(),
    from_timestamp: at.optional(),
    to_timestamp: at.nullable().optional(),
    closed: z.boolean().optional(),
    region: z.string().trim().min(1).max(16).nullable().optional(),
  }),
});
export const voteActivitiesResponse = z.object({ vote_activities: z.array(voteActivity), meta: listMeta });

/** POST /api/admin/review_apps: which Steam app or Epic product a game's reviews are imported from. */
export const reviewAppRequest = z.object({
  review_app: z.object({ product_id: id, platform: reviewPlatform, external_id: z.string().trim().regex(/^[A-Za-z0-9_.:-]{1,64}$/) }),
});
export const reviewApp = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  platform: reviewPlatform,
  external_id: z.string(),
  total_count: z.number().int(),
  positive_count: z.number().int(),
  synced_at_timestamp: timestamp.nullable(),
  last_error: z.string().nullable(),
});

export { GAME_REVIEWS_API } from './paths/game-reviews.ts';
