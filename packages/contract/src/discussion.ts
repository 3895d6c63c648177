import { z } from 'zod';
import { COMMENT_MAX_LENGTH, CONTENT_STATES } from '@lantern/domain';
import { listMeta, timestamp } from './common.ts';

/**
 * Comments, replies, likes and dislikes on anything the community shows (docs/product/community.md#comments;
 * decisions/0015). A target is named by type and id: `commentable_*` for comments, `accessible_*` for likes.
 */
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const discussionTargetType = z.enum(['Post', 'SteamReview', 'Headline', 'Talk']);
export type DiscussionTargetTypeName = z.infer<typeof discussionTargetType>;

/** 1 like, 2 dislike, null none (docs/product/community.md#likes). */
export const likeType = z.union([z.literal(1), z.literal(2)]).nullable();

/** A target's live counts and, for a signed-in viewer, the viewer's own state. */
export const discussionCounts = z.object({
  likes_count: z.number().int(),
  dislikes_count: z.number().int(),
  comments_count: z.number().int(),
  like_type: likeType,
});
export type DiscussionCounts = z.infer<typeof discussionCounts>;

export const commentAuthor = z.object({ id: z.number().int(), nickname: z.string(), avatar_url: z.string().nullable() });
export const mentionedUser = z.object({ id: z.number().int(), nickname: z.string() });

/**
 * A comment or a reply. `content` is sanitised HTML: text, line breaks and `/users/{id}` links of @mentions,
 * nothing else. A reply names its comment (`commentary_id`), and the reply it answers, if any
 * (`target_reply_id`, with that reply's author in `target_reply_account_ids`). `reply_count` is a comment's
 * live replies (0 on replies).
 */
export const comment = z.object({
  id: z.number().int(),
  commentable_type: discussionTargetType,
  commentable_id: z.number().int(),
  commentary_id: z.number().int().nullable(),
  reply: z.boolean(),
  account: commentAuthor,
  content: z.string(),
  at_users: z.array(mentionedUser),
  target_reply_id: z.number().int().nullable(),
  target_reply_account_ids: z.array(z.number().int()),
  reply_count: z.number().int(),
  /**
   * `published`; `pending` (held for staff approval) or `hidden` (taken down by staff, "hidden by moderators"):
   * only their author sees those (decisions/0020).
   */
  moderation_state: z.enum(CONTENT_STATES),
  created_at_timestamp: timestamp,
});
export type Comment = z.infer<typeof comment>;

/** GET /api/comments: a target's comments, oldest first, with the target's counts. */
export const commentsQuery = z.object({
  commentable_type: discussionTargetType,
  commentable_id: id,
  page: z.coerce.number().int().min(1).default(1),
  /** Default by target (docs/product/limits.md#page-sizes): 15 for headlines, else 10. */
  per: z.coerce.number().int().min(1).max(100).optional(),
});
export const commentsResponse = z.object({ comments: z.array(comment), commentable: discussionCounts, meta: listMeta });

/** GET /api/comments/{id}/replies (per 5): replace on page 1, append after. */
export const repliesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per: z.coerce.number().int().min(1).max(100).default(5),
});
export const repliesResponse = z.object({ replies: z.array(comment), meta: listMeta });

/**
 * POST /api/comments: a comment on a target, or — with `commentary_id` — a reply to one of its comments
 * (optionally to one reply under it, `target_reply_id`). @mentions are read from the text on the server.
 */
export const createCommentRequest = z.object({
  comment: z.object({
    commentable_type: discussionTargetType,
    commentable_id: id,
    commentary_id: id.nullish(),
    target_reply_id: id.nullish(),
    content: z.string().trim().min(1).max(COMMENT_MAX_LENGTH * 4),
    /** What the client's autocomplete picked; the server reads the mentions from the text itself. */
    at_users: z.array(z.object({ id: id.optional(), nickname: z.string().max(40) })).max(20).optional(),
  }),
});
export type CreateCommentRequest = z.infer<typeof createCommentRequest>;
export const createCommentResponse = z.object({ comment, commentable: discussionCounts });

/** DELETE /api/comments/{id}: how many were removed (a comment takes its replies), and the target's counts after. */
export const deleteCommentResponse = z.object({ deleted_count: z.number().int(), commentary_id: z.number().int().nullable(), commentable: discussionCounts });

/**
 * POST /api/like, /api/likes: set the viewer's state on a target. `type` is the state wanted (1 like,
 * 2 dislike, null none; default 1): asking again for the state held is refused (400 `account_id: taken`).
 */
export const likeRequest = z.object({
  like: z.object({ accessible_type: discussionTargetType, accessible_id: id, type: likeType.optional() }),
});
export type LikeRequest = z.infer<typeof likeRequest>;
/** POST /api/posts/{id}/like: the same for a post, by its path. */
export const postLikeRequest = z.object({ type: likeType.optional() });
export const likeResponse = z.object({
  like: z.object({ accessible_type: discussionTargetType, accessible_id: z.number().int() }).and(discussionCounts),
});
export type LikeResponse = z.infer<typeof likeResponse>;

/** GET /api/accounts/{id}/comments: an account's comments and replies on this site, newest first (`reply` flags replies). */
export const accountCommentsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per: z.coerce.number().int().min(1).max(100).default(10),
  /** The personal page's two tabs: `reply=true` only replies, `reply=false` only comments; absent, both. */
  reply: z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1').optional(),
});
export const accountCommentsResponse = z.object({ comments: z.array(comment), meta: listMeta });

export { DISCUSSION_API } from './paths/discussion.ts';
