import { z } from 'zod';
import { COMMENT_MAX_LENGTH, FORUM_LIMITS, INTEGRAL_LIMITS, REPORT_REASONS, REPORT_TEXT_MAX } from '@lantern/domain';
import { localized } from './catalog.ts';
import { area, listMeta, timestamp } from './common.ts';
import { evaluation, group, post, postTag } from './community.ts';
import { comment } from './discussion.ts';
import { report, reportTargetType } from './moderation.ts';

/**
 * The forum host's face of the community (docs/product/community.md#forum-surface): the same posts, groups,
 * comments and likes as `/api`, answered in the `{ code, data, errorMsg }` envelope (`forumAnswer`) with
 * camelCase fields. Each shape here is the `/api` shape with its keys camel-cased (`camelSchema`), so the two
 * faces cannot drift apart.
 */

type CamelWord<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelWord<Tail>>}` : S;
/** A snake_case shape with every key camel-cased, all the way down. */
export type CamelCased<T> = T extends readonly (infer U)[]
  ? CamelCased<U>[]
  : T extends object
    ? { [K in keyof T as K extends string ? CamelWord<K> : K]: CamelCased<T[K]> }
    : T;

export const camelWord = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** A JSON-shaped value with every object key camel-cased (arrays and nested objects included). */
export function camelCased<T>(value: T): CamelCased<T> {
  if (Array.isArray(value)) return value.map((v) => camelCased(v)) as CamelCased<T>;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [camelWord(k), camelCased(v)])) as CamelCased<T>;
  }
  return value as CamelCased<T>;
}

/** The camelCase twin of a snake_case response schema (objects, arrays, nullable and optional parts). */
export function camelSchema<T extends z.ZodTypeAny>(schema: T): z.ZodType<CamelCased<z.infer<T>>> {
  return camelOf(schema) as unknown as z.ZodType<CamelCased<z.infer<T>>>;
}
function camelOf(schema: z.ZodTypeAny): z.ZodTypeAny {
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodTypeAny>;
    return z.object(Object.fromEntries(Object.entries(shape).map(([k, v]) => [camelWord(k), camelOf(v)])));
  }
  if (schema instanceof z.ZodArray) return z.array(camelOf(schema.element as z.ZodTypeAny));
  if (schema instanceof z.ZodNullable) return camelOf(schema.unwrap() as z.ZodTypeAny).nullable();
  if (schema instanceof z.ZodOptional) return camelOf(schema.unwrap() as z.ZodTypeAny).optional();
  return schema;
}

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const paging = (size: number) => z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(size),
});
const forumPage = <T extends z.ZodTypeAny>(item: T) => z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() });

export const forumPost = camelSchema(post);
export const forumGroup = camelSchema(group);
export const forumEvaluation = camelSchema(evaluation);
export const forumPostPage = forumPage(forumPost);
export const forumGroupPage = forumPage(forumGroup);
export const forumTag = postTag;

/** A comment or reply with its own counts and the viewer's like state (replies are liked like posts). */
export const forumComment = camelSchema(comment.extend({
  likes_count: z.number().int(),
  dislikes_count: z.number().int(),
  like_type: z.union([z.literal(1), z.literal(2)]).nullable(),
}));
/** A comment with the first of its replies (the rest: `commentId` on the same call). */
export const forumThread = z.intersection(forumComment, z.object({ replies: z.array(forumComment) }));
export const forumThreadPage = forumPage(forumThread);
export const forumReplyPage = forumPage(forumComment);

/** POST /post/{id}/reply: a comment on the post, or (commentId) a reply to one of its comments. */
export const forumNewReply = z.object({
  content: z.string().trim().min(1).max(COMMENT_MAX_LENGTH),
  commentId: id.optional(),
  targetReplyId: id.optional(),
});

/** /community/sku/* calls name a SKU of the viewer's site. */
export const forumSkuQuery = paging(10).extend({ skuId: id });
export const forumSkuOnlyQuery = z.object({ skuId: id });
export const forumPostSearchQuery = paging(10).extend({
  keyword: z.string().trim().max(80).default(''),
  groupId: id.optional(),
  tagId: id.optional(),
  type: z.enum(['Post', 'Review']).optional(),
});
/** GET /post/{id}/reply: the post's comments with their first replies, or (with commentId) one comment's replies. */
export const forumRepliesQuery = paging(10).extend({ commentId: id.optional() });

/** The sku feed header: the game's group, its counts and evaluation, and where the viewer stands. */
export const forumFeedHeader = z.object({
  skuId: z.number().int(),
  area,
  group: forumGroup,
  evaluation: forumEvaluation,
  membersCount: z.number().int(),
  postsCount: z.number().int(),
  reviewsCount: z.number().int(),
  joined: z.boolean(),
  myReviewId: z.number().int().nullable(),
});

/** POST /report/submit: POST /api/reports in camelCase. */
export const forumReportRequest = z.object({
  targetType: reportTargetType,
  targetId: id,
  reason: z.enum(REPORT_REASONS),
  text: z.string().trim().max(REPORT_TEXT_MAX).optional(),
});
export const forumReport = camelSchema(report);

/** POST /post/{id}/like, /post/reply/{id}/like: 1 like, 2 dislike (a body without a type is a like). */
export const forumLikeRequest = z.object({ type: z.union([z.literal(1), z.literal(2)]).default(1) }).default({ type: 1 });
export const forumLikeState = z.object({
  id: z.number().int(),
  likesCount: z.number().int(),
  dislikesCount: z.number().int(),
  likeType: z.union([z.literal(1), z.literal(2)]).nullable(),
});
/** GET /post/like?ids=1,2,3 (or ids=1&ids=2): the viewer's state of each; at most 100 ids. */
export const forumLikeIdsQuery = z.object({
  ids: z.preprocess(
    (v) => (Array.isArray(v) ? v.flatMap((x) => String(x).split(',')) : typeof v === 'string' ? v.split(',') : v),
    z.array(id).min(1).max(FORUM_LIMITS.likeStateIds),
  ),
});

/** GET /post/{id}/fixedTag: the one label a post carries in lists (pinned, featured, its tag, or none). */
export const forumFixedTag = z.object({
  postId: z.number().int(),
  kind: z.enum(['sticky', 'featured', 'tag', 'none']),
  tagId: z.number().int().nullable(),
  name: localized.nullable(),
});

/** The points campaign of a group (docs/product/community.md#points-participation). */
export const forumIntegralQuery = z.object({ campaignId: id.optional(), groupId: id.optional(), skuId: id.optional() });
export const forumIntegral = z.object({
  campaignId: z.number().int(),
  groupId: z.number().int(),
  title: localized,
  status: z.enum(['upcoming', 'running', 'ended']),
  startsAtTimestamp: timestamp,
  endsAtTimestamp: timestamp,
  pointsPerDay: z.number().int(),
  maxDays: z.number().int(),
  joined: z.boolean(),
  joinedAtTimestamp: timestamp.nullable(),
  /** Days already rewarded, in the site's calendar (YYYY-MM-DD), oldest first. */
  awardedDays: z.array(z.string()),
  pointsEarned: z.number().int(),
  /** Awarded by this very answer (the settlement of days not yet rewarded). */
  newlyAwarded: z.number().int(),
});

/** Staff: a group's points campaign (`/api/admin/integral_campaigns`, snake_case like the rest of `/api`). */
export const integralCampaign = z.object({
  id: z.number().int(),
  area,
  group_id: z.number().int(),
  title: localized,
  starts_at_timestamp: timestamp,
  ends_at_timestamp: timestamp,
  points_per_day: z.number().int(),
  max_days: z.number().int(),
});
export const createIntegralCampaignRequest = z.object({
  integral_campaign: z.object({
    area,
    group_id: id,
    title: z.object({ chs: z.string().trim().min(1).max(60), en: z.string().trim().min(1).max(60) }),
    starts_at_timestamp: z.number().int().min(0),
    ends_at_timestamp: z.number().int().min(0),
    points_per_day: z.number().int().min(1).max(INTEGRAL_LIMITS.maxPointsPerDay),
    max_days: z.number().int().min(1).max(INTEGRAL_LIMITS.maxDays),
  }),
});
export const integralCampaignsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per: z.coerce.number().int().min(1).max(100).default(20),
  group_id: id.optional(),
});
export const integralCampaignsResponse = z.object({ integral_campaigns: z.array(integralCampaign), meta: listMeta });

export { FORUM_API } from './paths/forum.ts';
