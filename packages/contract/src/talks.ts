import { z } from 'zod';
import { TALKS_PAGE_SIZE } from '@lantern/domain';
import { listMeta, pagingQuery, timestamp } from './common.ts';

/** Talks: short posts with forwards (docs/product/people.md#talks). */
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const talkAccount = z.object({ id: z.number().int(), nickname: z.string(), avatar_url: z.string().nullable() });

/**
 * The talk a forward carries: its original, or `deleted` when the original is gone. `author_blocked` when the
 * signed-in viewer blocked the original's author: `content` is then empty (id and author kept, to link to its page)
 * — the viewer did not ask for this talk, someone else forwarded it (docs/product/people.md#forwarded-originals).
 */
export const forwardedTalk = z.object({
  id: z.number().int(),
  deleted: z.boolean(),
  content: z.string(),
  account: talkAccount.nullable(),
  author_blocked: z.boolean(),
  created_at_timestamp: timestamp,
});

export const talk = z.object({
  id: z.number().int(),
  content: z.string(),
  account: talkAccount.nullable(),
  group_id: z.number().int().nullable(),
  like_count: z.number().int(),
  comment_count: z.number().int(),
  /** How often it was forwarded (the spec's recommend count). */
  recommend_count: z.number().int(),
  forward_count: z.number().int(),
  /** `share` on a forward, null on a talk of one's own words. */
  target_action: z.enum(['share']).nullable(),
  forward: forwardedTalk.nullable(),
  own: z.boolean(),
  like_type: z.union([z.literal(1), z.literal(2)]).nullable(),
  created_at_timestamp: timestamp,
});
export type Talk = z.infer<typeof talk>;

/**
 * GET /api/talks: newest first, paged by keyset (`before_id`, the last id of the page before): `feed=following`
 * is the signed-in account's feed (the people it follows, its groups, itself); `q[account_id_eq]` one person's
 * talks; `q[group_id_eq]` a group's; none, everyone's.
 */
export const talksQuery = z.object({
  feed: z.enum(['following']).optional(),
  q: z.object({ account_id_eq: id.optional(), group_id_eq: id.optional() }).optional(),
  before_id: id.optional(),
  per: z.coerce.number().int().min(1).max(50).default(TALKS_PAGE_SIZE),
});
export const talksResponse = z.object({
  talks: z.array(talk),
  meta: z.object({ per: z.number().int(), next_before_id: z.number().int().nullable() }),
});
export type TalksResponse = z.infer<typeof talksResponse>;

export const recommendTalksQuery = pagingQuery(TALKS_PAGE_SIZE, 50);
export const recommendTalksResponse = z.object({ talks: z.array(talk), meta: listMeta });

export const createTalkRequest = z.object({
  talk: z.object({ content: z.string().max(20_000), group_id: id.nullish() }),
});
export const forwardTalkRequest = z.object({ talk: z.object({ content: z.string().max(20_000).default('') }).default({ content: '' }) });
export const talkResponse = z.object({ talk });
export type TalkResponse = z.infer<typeof talkResponse>;
/**
 * GET /api/talks/{id}: the talk and whether the signed-in viewer blocked its author — the web then shows a notice
 * instead of the talk until the viewer asks to see it (docs/product/people.md#direct-links). False for guests.
 */
export const talkPageResponse = z.object({ talk, author_blocked: z.boolean() });
export type TalkPageResponse = z.infer<typeof talkPageResponse>;

export { TALKS_API } from './paths/talks.ts';
