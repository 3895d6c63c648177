import { z } from 'zod';
import { CONTENT_STATES, POST_LIMITS } from '@lantern/domain';
import { area, listMeta, pagingQuery, timestamp } from './common.ts';
import { localized } from './catalog.ts';
import { role } from './accounts.ts';

/**
 * The community's groups, posts, reviews, drafts, tags, subjects and search (docs/product/community.md).
 * Rich text travels as HTML the server sanitised; whatever a client sends is sanitised again.
 */
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const bool = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1');

export const postType = z.enum(['Post', 'Review']);
export const communityTitle = z.enum(['all_groups', 'headlines']).nullable();

/** An author's byline: the role and the community title it gives (docs/product/README.md Role). */
export const communityAuthor = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar_url: z.string().nullable(),
  role,
  title: communityTitle,
});
export type CommunityAuthor = z.infer<typeof communityAuthor>;

/** The game of a group as the viewer's site sells it (null when it is not sold there). */
export const communityGame = z.object({
  product_id: z.number().int(),
  sku_id: z.number().int(),
  area,
  name: localized,
  cover: z.string(),
});

export const group = z.object({
  id: z.number().int(),
  /** The same as `id` (the original's field name). */
  group_id: z.number().int(),
  product_id: z.number().int(),
  name: localized,
  summary: localized,
  community_game: communityGame.nullable(),
  group_skus: z.array(z.object({ sku_id: z.number().int(), area })),
  users_count: z.number().int(),
  posts_count: z.number().int(),
  reviews_count: z.number().int(),
  /** Reviews that carry a score (1–5 stars). */
  scores_count: z.number().int(),
  /** Whole percent of positive reviews; null without reviews. */
  percent: z.number().int().nullable(),
  /** Whether the viewer follows it (false for guests). */
  joined: z.boolean(),
});
export type Group = z.infer<typeof group>;

export const evaluation = z.object({
  distribution: z.array(z.number().int()).length(5),
  reviews_count: z.number().int(),
  positive_count: z.number().int(),
  percent: z.number().int().nullable(),
  average: z.number().nullable(),
});
export type GroupEvaluation = z.infer<typeof evaluation>;

export const contributor = z.object({
  account: communityAuthor,
  position: z.number().int(),
  rank: z.enum(['newcomer', 'regular', 'veteran', 'legend']),
  points: z.number().int(),
  reviews_count: z.number().int(),
  posts_count: z.number().int(),
});
export type Contributor = z.infer<typeof contributor>;

/** GET /api/groups/{id}: the group with its evaluation, its top ranks and the game's achievements. */
export const groupDetail = group.extend({
  evaluation,
  ranks: z.array(contributor),
  /** The catalogue holds no achievements yet: always empty, with `achievements_available` false. */
  achievements: z.array(z.object({ id: z.number().int(), name: localized, icon: z.string() })),
  achievements_available: z.boolean(),
  /** The group's appointed moderators (docs/product/community.md#group-moderators), earliest first. */
  moderators: z.array(communityAuthor),
});

export const groupsResponse = z.object({ groups: z.array(group), meta: listMeta });
export const groupsQuery = pagingQuery(10).extend({
  q: z.object({ group_skus_sku_id_eq: id.optional(), group_skus_area_eq: area.optional(), name_cont: z.string().max(80).optional() }).optional(),
});
export const contributorsResponse = z.object({ contributors: z.array(contributor), meta: listMeta });
export const joinResponse = z.object({ group_id: z.number().int(), joined: z.boolean(), users_count: z.number().int() });
export const accountGroupsBody = z.object({ group_ids: z.array(id).min(1).max(50) });

export const officialComment = z.object({ content: z.string(), author_id: z.number().int(), author: communityAuthor.nullable() });

/** A published post or review (docs/product/README.md Review/post). */
export const post = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  author: communityAuthor.nullable(),
  group_id: z.number().int(),
  group: z.object({ id: z.number().int(), name: localized }),
  type: postType,
  is_long: z.boolean(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  /** The first words of the text, for lists. */
  excerpt: z.string(),
  tag_id: z.number().int().nullable(),
  sticky_sequence: z.number().int(),
  locked: z.boolean(),
  featured: z.boolean(),
  score: z.number().int().nullable(),
  recommend: z.boolean().nullable(),
  /** The reviewer's playtime when the review was published (hours, one decimal); null if not owned then. */
  playtime_hours: z.number().nullable(),
  bought_here: z.boolean(),
  sku_id: z.number().int().nullable(),
  area,
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  official_comment: officialComment.nullable(),
  /** The viewer wrote it (may edit and delete). */
  own: z.boolean(),
  /**
   * `published`; `pending` (held for staff approval, answered 202) or `hidden` ("hidden by moderators"): only
   * the author and staff see those (decisions/0020).
   */
  moderation_state: z.enum(CONTENT_STATES),
  created_at_timestamp: timestamp,
  updated_at_timestamp: timestamp,
  published_at_timestamp: timestamp,
});
export type Post = z.infer<typeof post>;
export const postsResponse = z.object({ posts: z.array(post), meta: listMeta });

/** A draft being written (or a published post being edited: `status` published). */
export const draft = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  group: z.object({ id: z.number().int(), name: localized }),
  type: postType,
  status: z.enum(['draft', 'pending', 'published', 'hidden']),
  is_long: z.boolean(),
  title: z.string(),
  content: z.string(),
  score: z.number().int().nullable(),
  recommend: z.boolean().nullable(),
  tag_id: z.number().int().nullable(),
  updated_at_timestamp: timestamp,
});
export type Draft = z.infer<typeof draft>;
export const draftResponse = z.object({ draft });

export const newPostQuery = z.object({ group_id: id, type: postType.default('Post'), is_long: bool.optional() });

const richText = z.string().max(POST_LIMITS.htmlMax * 2);
const draftFields = z.object({
  title: z.string().max(POST_LIMITS.titleMax * 4).optional(),
  content: richText.optional(),
  is_long: z.boolean().optional(),
  score: z.number().int().min(POST_LIMITS.scoreMin).max(POST_LIMITS.scoreMax).nullable().optional(),
  recommend: z.boolean().nullable().optional(),
  tag_id: id.nullable().optional(),
});
/** PATCH /api/drafts/{id}: save what is given; with `publish` true, publish it (then the web goes to /posts/{id}). */
export const draftBody = z.object({ draft: draftFields.extend({ publish: z.boolean().optional() }) });
export const draftSaveResponse = z.object({ draft, post: post.nullable() });

/** POST /api/reviews: a review written and published at once. */
export const reviewBody = z.object({
  review: draftFields.extend({ group_id: id, sku_id: id.optional() }),
});
export const postResponse = z.object({ post });
/**
 * GET /api/posts/{id}: the post and whether the signed-in viewer blocked its author — the web then shows a notice
 * instead of the post until the viewer asks to see it (docs/product/people.md#direct-links). False for guests.
 */
export const postPageResponse = z.object({ post, author_blocked: z.boolean() });
export type PostPageResponse = z.infer<typeof postPageResponse>;

/** PATCH /api/groups/{id}/posts/{postId} (api_all_group): sticky order, lock, move to another group, feature, official comment. */
export const groupPostBody = z.object({
  post: z.object({
    sticky_sequence: z.number().int().min(0).max(POST_LIMITS.stickyMax).optional(),
    locked: z.boolean().optional(),
    featured: z.boolean().optional(),
    group_id: id.optional(),
    official_comment: z.string().max(POST_LIMITS.htmlMax).nullable().optional(),
  }),
});

export const searchPostsQuery = pagingQuery(7).extend({
  region: z.string().max(16).optional(),
  group_id: id.optional(),
  type: postType.optional(),
  is_long: bool.optional(),
  tag_id: id.optional(),
  account_id: id.optional(),
  keyword: z.string().max(80).optional(),
  order: z.enum(['sticky_sequence', 'newest']).default('sticky_sequence'),
});

export const subjectsQuery = pagingQuery(10).extend({ kind: z.enum(['sticky', 'featured', 'newest']).default('sticky') });
export const subjectsResponse = z.object({ subjects: z.array(post), meta: listMeta });

export const postTag = z.object({ id: z.number().int(), kind: z.literal('post'), name: localized });
export const postTagsQuery = z.object({ kind_eq: z.union([z.literal('post'), z.literal('11'), z.literal(11)]).optional(), q: z.object({ kind_eq: z.string().max(10).optional() }).optional() });
export const postTagsResponse = z.object({ tags: z.array(postTag) });

export const postTab = z.object({ key: z.string(), name: localized, type: postType.nullable(), is_long: z.boolean().nullable(), featured: z.boolean() });
export const postTabsResponse = z.object({ tabs: z.array(postTab) });

/** GET /api/interests?game_id=: the viewer's standing with a game's group (follows, reviewed, owns). */
export const interestsQuery = z.object({ game_id: id });
export const interestResponse = z.object({
  interest: z.object({
    game_id: z.number().int(),
    group_id: z.number().int().nullable(),
    joined: z.boolean(),
    review_id: z.number().int().nullable(),
    owned: z.boolean(),
    bought_here: z.boolean(),
    playtime_hours: z.number().nullable(),
  }),
});

export const ipResponse = z.object({ ip: z.string(), country: z.string().nullable(), area, region: z.string() });

export const communitySearchQuery = pagingQuery(10).extend({ keyword: z.string().max(80).default(''), type: z.enum(['post', 'group', 'all']).default('all') });
export const communitySearchResponse = z.object({ posts: z.array(post), groups: z.array(group), meta: listMeta });

export const prefixSearchQuery = z.object({ prefix: z.string().max(40).default(''), keyword: z.string().max(40).optional() });
export const prefixSearchResponse = z.object({ users: z.array(z.object({ id: z.number().int(), nickname: z.string(), avatar_url: z.string().nullable() })) });

export const communityHomeResponse = z.object({
  group_halls: z.array(group),
  hot_posts: z.array(post),
  recent_posts: z.array(post),
  recommend_groups: z.array(group),
  my_groups: z.array(group),
});

/** GET /api/products/{id}/group: the game's group (404 when it has none). */
export const groupResponse = z.object({ group });
export const groupDetailResponse = groupDetail;

/** The user centre's reviews (GET /api/user_center/reviews) and unreviewed games, 10 per page. */
export const userReviewsQuery = pagingQuery(10).extend({ type: z.enum(['reviewed', 'not_reviewed']).default('reviewed') });
export const unreviewedGame = z.object({ product_id: z.number().int(), sku_id: z.number().int(), group_id: z.number().int(), name: localized, cover: z.string(), playtime_hours: z.number() });
export const userReviewsResponse = z.object({ posts: z.array(post), games: z.array(unreviewedGame), meta: listMeta });

/** Staff appoint a group moderator (POST /api/admin/groups/{id}/moderators) and remove one (DELETE …/{accountId}). */
export const appointModeratorBody = z.object({ moderator: z.object({ account_id: id }) });
export const groupModeratorsResponse = z.object({ moderators: z.array(communityAuthor) });

export { COMMUNITY_API } from './paths/community.ts';
