/**
 * The forum host's reply codes (docs/product/community.md#reply-codes): a forum-host answer keeps its honest
 * HTTP status, and its envelope's `code` says what the client does — 201 opens the mute dialog (a warn ban),
 * 202 shows "user muted" with the contact text, 203 the rate-limit text, 302 "post locked, cannot comment",
 * 303 "comment does not exist"; any other refusal repeats its status (401 guest, 404, 422…). One table, read
 * by the server's envelope and by any client of the surface.
 */
export const FORUM_REPLY_CODES = {
  ok: 200,
  warnBan: 201,
  muted: 202,
  rateLimited: 203,
  postLocked: 302,
  commentGone: 303,
} as const;

export type ForumReplyCode = number;

/** The fields whose `not_found` means the comment (or reply) being answered, liked or deleted is gone. */
const COMMENT_FIELDS = new Set(['comment', 'commentary_id', 'reply']);

/**
 * The envelope's `code` for a refusal with HTTP `status` and the first `reason` on `field`. A watched word's
 * `censor_words: banned` stays 422 (the web shows nothing), only the account's warn ban (`base: banned`) is 201.
 */
export function forumReplyCode(status: number, field: string, reason: string): ForumReplyCode {
  if (reason === 'banned' && field !== 'censor_words') return FORUM_REPLY_CODES.warnBan;
  if (reason === 'is_mute') return FORUM_REPLY_CODES.muted;
  if (reason === 'access_wait' || reason === 'rate_limit') return FORUM_REPLY_CODES.rateLimited;
  if (reason === 'locked' && field === 'commentable') return FORUM_REPLY_CODES.postLocked;
  if (reason === 'not_found' && COMMENT_FIELDS.has(field)) return FORUM_REPLY_CODES.commentGone;
  return status;
}

/** Like types on the forum host: 1 like, 2 dislike (the same states as `LikeState`). */
export const FORUM_LIKE_TYPES = [1, 2] as const;

/**
 * Points participation (docs/product/community.md#points-participation): a group runs a points campaign for a
 * window of time; a member joins it, and each day (in the site's calendar) on which they publish a post or a
 * review in that group, inside the window and after joining, earns the campaign's points once — up to the
 * campaign's number of days. Publishing three posts on one day earns one day's points.
 */
export type IntegralStatus = 'upcoming' | 'running' | 'ended';

export const INTEGRAL_LIMITS = {
  /** The most points one rewarded day may give. */
  maxPointsPerDay: 100,
  /** The most days a campaign may reward one member. */
  maxDays: 60,
} as const;

export function integralStatus(nowSec: number, startsAtSec: number, endsAtSec: number): IntegralStatus {
  if (nowSec < startsAtSec) return 'upcoming';
  return nowSec < endsAtSec ? 'running' : 'ended';
}

/** Joining is open while the campaign runs: before it `not_in_period`, after it `already_end`. */
export function integralJoinRefusal(status: IntegralStatus): 'not_in_period' | 'already_end' | null {
  if (status === 'upcoming') return 'not_in_period';
  return status === 'ended' ? 'already_end' : null;
}

export interface IntegralSettlement {
  /** When each of the member's live posts and reviews in the group was published (epoch seconds). */
  publishedAtSecs: readonly number[];
  joinedAtSec: number;
  startsAtSec: number;
  endsAtSec: number;
  /** Days already rewarded (YYYY-MM-DD in the site's calendar). */
  awardedDays: readonly string[];
  maxDays: number;
  timeZone: string;
}

/** The days still to reward, earliest first: distinct publishing days in the window since joining, within the cap. */
export function integralDaysDue(s: IntegralSettlement, dayOf: (epochSec: number, timeZone: string) => string): string[] {
  const from = Math.max(s.joinedAtSec, s.startsAtSec);
  const done = new Set(s.awardedDays);
  const room = Math.max(0, s.maxDays - done.size);
  const days = new Set<string>();
  for (const at of [...s.publishedAtSecs].sort((a, b) => a - b)) {
    if (at < from || at >= s.endsAtSec) continue;
    const day = dayOf(at, s.timeZone);
    if (!done.has(day)) days.add(day);
  }
  return [...days].slice(0, room);
}

/** Sizes of the forum host's lists (docs/product/limits.md#forum). */
export const FORUM_LIMITS = {
  /** Replies shown under each comment of GET /post/{id}/reply; the rest page by commentId. */
  repliesPerComment: 3,
  /** Ids one batch like-state call may ask about. */
  likeStateIds: 100,
} as const;

/**
 * A post's fixed tag (GET /post/{id}/fixedTag): the one label lists pin to it, the strongest of its states —
 * pinned by a moderator, then featured, then the tag its author filed it under, else none.
 */
export type FixedTagKind = 'sticky' | 'featured' | 'tag' | 'none';

export const FIXED_TAG_LABELS = {
  sticky: { chs: '置顶', en: 'Pinned' },
  featured: { chs: '精华', en: 'Featured' },
} as const;

export function fixedTagOf(post: { stickySequence: number; featured: boolean; tagId: number | null }): FixedTagKind {
  if (post.stickySequence > 0) return 'sticky';
  if (post.featured) return 'featured';
  return post.tagId !== null ? 'tag' : 'none';
}
