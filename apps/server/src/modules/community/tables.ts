import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/tables.ts';
import { products, skus, type LocalizedName } from '../catalog/tables.ts';

/**
 * A game's group (docs/product/community.md#groups): one per product. The counters are denormalised for
 * lists and moved in the same transaction as the row they count (a membership, a published review); the
 * `community-counters` job recounts them from those rows and repairs any drift.
 */
export const communityGroups = pgTable('community_groups', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  productId: bigint('product_id', { mode: 'number' }).notNull().references(() => products.id),
  name: jsonb('name').$type<LocalizedName>().notNull(),
  summary: jsonb('summary').$type<LocalizedName>().notNull(),
  usersCount: integer('users_count').notNull().default(0),
  postsCount: integer('posts_count').notNull().default(0),
  reviewsCount: integer('reviews_count').notNull().default(0),
  positiveCount: integer('positive_count').notNull().default(0),
  /** Scored reviews with 1, 2, 3, 4 and 5 stars. */
  score1: integer('score_1').notNull().default(0),
  score2: integer('score_2').notNull().default(0),
  score3: integer('score_3').notNull().default(0),
  score4: integer('score_4').notNull().default(0),
  score5: integer('score_5').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [
  uniqueIndex('community_groups_product_key').on(t.productId),
  index('community_groups_users_idx').on(t.usersCount, t.id),
  check('community_groups_counts_nonnegative', sql`${t.usersCount} >= 0 AND ${t.postsCount} >= 0 AND ${t.reviewsCount} >= 0 AND ${t.positiveCount} >= 0`),
]);

/** The SKUs of a group's game on each site (a game may have several editions per area). */
export const groupSkus = pgTable('group_skus', {
  groupId: bigint('group_id', { mode: 'number' }).notNull().references(() => communityGroups.id),
  skuId: bigint('sku_id', { mode: 'number' }).notNull().references(() => skus.id),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
}, (t) => [primaryKey({ columns: [t.groupId, t.skuId] }), index('group_skus_sku_idx').on(t.skuId, t.area)]);

/** Who follows a group: the row is the truth of the member count (one per account and group). */
export const groupMembers = pgTable('group_members', {
  groupId: bigint('group_id', { mode: 'number' }).notNull().references(() => communityGroups.id),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.groupId, t.accountId] }), index('group_members_account_idx').on(t.accountId, t.createdAt)]);

/** Post tags (GET /api/tags, kind post or 11): the topics a post is filed under in its group. */
export const postTags = pgTable('post_tags', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind', { enum: ['post'] }).notNull().default('post'),
  name: jsonb('name').$type<LocalizedName>().notNull(),
  position: integer('position').notNull().default(0),
});

/**
 * A post or a review, published or still a draft (docs/product/community.md#posts). Content is HTML as the
 * server's sanitiser left it; `search_text` is the lowercased title and plain text, trigram-indexed for
 * search in Chinese and English. A review keeps the reviewer's playtime and whether the game was bought
 * here, as they were when it was published. One live review per account and group (`taken`).
 */
export const posts = pgTable('posts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  groupId: bigint('group_id', { mode: 'number' }).notNull().references(() => communityGroups.id),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  type: text('type', { enum: ['Post', 'Review'] }).notNull(),
  /**
   * draft → published; `pending` waits for staff approval (a watched word that requires it), `hidden` was taken
   * down by staff and can be restored: both are seen only by their author and staff, and not counted
   * (decisions/0020).
   */
  status: text('status', { enum: ['draft', 'pending', 'published', 'hidden'] }).notNull(),
  isLong: boolean('is_long').notNull().default(false),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  skuId: bigint('sku_id', { mode: 'number' }).references(() => skus.id),
  tagId: bigint('tag_id', { mode: 'number' }).references(() => postTags.id),
  title: text('title').notNull().default(''),
  contentHtml: text('content_html').notNull().default(''),
  plainText: text('plain_text').notNull().default(''),
  searchText: text('search_text').notNull().default(''),
  score: smallint('score'),
  recommend: boolean('recommend'),
  playtimeSeconds: integer('playtime_seconds'),
  boughtHere: boolean('bought_here').notNull().default(false),
  /** 0: not sticky; stickies come first, the highest sequence first. */
  stickySequence: integer('sticky_sequence').notNull().default(0),
  locked: boolean('locked').notNull().default(false),
  featured: boolean('featured').notNull().default(false),
  officialCommentHtml: text('official_comment_html'),
  officialCommentAuthorId: bigint('official_comment_author_id', { mode: 'number' }).references(() => accounts.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [
  // A pending or hidden review still holds the account's one review of the game.
  uniqueIndex('posts_one_review_per_account_key').on(t.groupId, t.accountId).where(sql`${t.type} = 'Review' AND ${t.status} <> 'draft' AND ${t.deletedAt} IS NULL`),
  index('posts_pending_idx').on(t.area, t.updatedAt, t.id).where(sql`${t.status} = 'pending' AND ${t.deletedAt} IS NULL`),
  // A group's list in sticky order, then newest (GET /api/search/posts): a keyset over the live rows.
  index('posts_group_list_idx').on(t.groupId, t.stickySequence.desc(), t.publishedAt.desc(), t.id.desc()).where(sql`${t.status} = 'published' AND ${t.deletedAt} IS NULL`),
  index('posts_recent_idx').on(t.publishedAt.desc(), t.id.desc()).where(sql`${t.status} = 'published' AND ${t.deletedAt} IS NULL`),
  // Hot posts (featured or pinned) without reading every post: few rows, kept in their own index.
  index('posts_highlighted_idx').on(t.featured.desc(), t.stickySequence.desc(), t.publishedAt.desc(), t.id.desc()).where(sql`${t.status} = 'published' AND ${t.deletedAt} IS NULL AND (${t.featured} OR ${t.stickySequence} > 0)`),
  index('posts_account_idx').on(t.accountId, t.type, t.status),
  index('posts_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  check('posts_score_range', sql`${t.score} IS NULL OR ${t.score} BETWEEN 1 AND 5`),
  check('posts_sticky_range', sql`${t.stickySequence} BETWEEN 0 AND 999`),
  check('posts_review_judged', sql`${t.type} <> 'Review' OR ${t.status} = 'draft' OR ${t.score} IS NOT NULL OR ${t.recommend} IS NOT NULL`),
  check('posts_published_at', sql`${t.status} IN ('draft', 'pending') OR ${t.publishedAt} IS NOT NULL`),
  check('posts_status_valid', sql`${t.status} IN ('draft', 'pending', 'published', 'hidden')`),
]);

/**
 * A group's appointed moderators (docs/product/community.md#group-moderators; decisions/0043): staff appoint and
 * remove them, who and when recorded. A moderator arranges, hides, deletes and restores what is in this group
 * only, and works the reports about it; the `api_all_group` permission still means every group.
 */
export const groupModerators = pgTable('group_moderators', {
  groupId: bigint('group_id', { mode: 'number' }).notNull().references(() => communityGroups.id),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  appointedBy: bigint('appointed_by', { mode: 'number' }).references(() => accounts.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.groupId, t.accountId] }), index('group_moderators_account_idx').on(t.accountId)]);
