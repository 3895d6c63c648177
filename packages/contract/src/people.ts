import { z } from 'zod';
import { BLOCK_LIST_PAGE_SIZE, FRIENDS_PAGE_SIZE } from '@lantern/domain';
import { listMeta, pagingQuery, timestamp } from './common.ts';
import { forumAnswer } from './game-reviews.ts';

/** Follows, friends and the block list (docs/product/people.md). */
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const friendsQuery = pagingQuery(FRIENDS_PAGE_SIZE).extend({
  /** `following` (default): whom the account follows; `followers`: who follows it. */
  kind: z.enum(['following', 'followers']).default('following'),
});
export const friend = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar_url: z.string().nullable(),
  followed_at_timestamp: timestamp,
  /** Whether the viewer follows this account. */
  following: z.boolean(),
});
export type Friend = z.infer<typeof friend>;
export const friendsResponse = z.object({
  friends: z.array(friend),
  following_count: z.number().int(),
  followers_count: z.number().int(),
  meta: listMeta,
});
export type FriendsResponse = z.infer<typeof friendsResponse>;

export const followResponse = z.object({
  follow: z.object({ account_id: z.number().int(), following: z.boolean(), followers_count: z.number().int() }),
});
export type FollowResponse = z.infer<typeof followResponse>;

/** GET /api/users/{id}/follow: the personal page's button — whether the viewer follows, or blocked, the account. */
export const followStateResponse = z.object({
  account_id: z.number().int(),
  following: z.boolean(),
  followers_count: z.number().int(),
  /** The viewer has this account on their block list. */
  blocked: z.boolean(),
  /** A signed-in viewer, not the account itself, with no block either way. */
  can_follow: z.boolean(),
});
export type FollowStateResponse = z.infer<typeof followStateResponse>;

// Block list: the forum host's envelope, camelCase (docs/product/people.md#block-list)

export const blockListQuery = z.object({
  account_id: id,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(BLOCK_LIST_PAGE_SIZE),
});
/** What /blacklist/add and /blacklist/delete take, in the query (GET) or the body (POST). */
export const blockChangeRequest = z.object({ blockAccountId: id });
export const blockEntry = z.object({
  blockAccountId: z.number().int(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
  createdTimestamp: timestamp,
});
export type BlockEntry = z.infer<typeof blockEntry>;
export const blockListPage = z.object({ list: z.array(blockEntry), total: z.number().int(), page: z.number().int(), size: z.number().int() });
export const blockListAnswer = forumAnswer(blockListPage);
export type BlockListAnswer = z.infer<typeof blockListAnswer>;
/** The success of a block-list change: `message` is "blocked" or "unblocked", which the web shows in its language. */
export const blockChange = z.object({ blockAccountId: z.number().int(), message: z.enum(['blocked', 'unblocked']) });
export const blockChangeAnswer = forumAnswer(blockChange);
export type BlockChangeAnswer = z.infer<typeof blockChangeAnswer>;

export { PEOPLE_API } from './paths/people.ts';
