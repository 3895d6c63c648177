import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/tables.ts';

/**
 * Comments, replies, reactions and their counters (docs/product/community.md#comments, decisions/0015).
 * Targets (posts, Steam reviews, headlines, talks) belong to other modules, so they are named by type and id,
 * without a foreign key: a target's module says through its registered loader whether it is still visible.
 *
 * The comment rows and the reaction rows are the truth; `discussion_counters` holds the counts, spread over
 * shards so concurrent writers of one hot target do not queue on one row, and is repaired from the truth by
 * the reconcile job.
 */
export const discussionComments = pgTable('discussion_comments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  targetType: text('target_type').notNull(),
  targetId: bigint('target_id', { mode: 'number' }).notNull(),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  /** The comment a reply belongs to; null for a comment. Replies are one level deep. */
  parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => discussionComments.id),
  /** The reply a reply answers, if any (under the same comment). */
  targetReplyId: bigint('target_reply_id', { mode: 'number' }),
  targetReplyAccountIds: jsonb('target_reply_account_ids').$type<number[]>().notNull().default([]),
  atUsers: jsonb('at_users').$type<{ id: number; nickname: string }[]>().notNull().default([]),
  /** Sanitised HTML (text, <br>, <a href="/users/{id}">), as it is shown. */
  content: text('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /**
   * `published` is shown and counted; `pending` waits for staff approval (a watched word that requires it) and
   * `hidden` was taken down by staff and can be restored: both are seen only by their author and staff and are
   * not counted (decisions/0020). A reply counts only while its comment does.
   */
  state: text('state', { enum: ['published', 'pending', 'hidden'] }).notNull().default('published'),
  /** Deleted by its author or staff (a comment's replies go with it); gone from lists and counts, for good. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [
  index('discussion_comments_target_idx').on(t.targetType, t.targetId, t.id).where(sql`${t.parentId} IS NULL AND ${t.deletedAt} IS NULL`),
  index('discussion_comments_parent_idx').on(t.parentId, t.id).where(sql`${t.deletedAt} IS NULL`),
  index('discussion_comments_account_idx').on(t.accountId, t.id).where(sql`${t.deletedAt} IS NULL`),
  check('discussion_comments_type_valid', sql`${t.targetType} IN ('Post', 'SteamReview', 'Headline', 'Talk')`),
  check('discussion_comments_state_valid', sql`${t.state} IN ('published', 'pending', 'hidden')`),
  index('discussion_comments_pending_idx').on(t.area, t.createdAt, t.id).where(sql`${t.state} = 'pending' AND ${t.deletedAt} IS NULL`),
  check('discussion_comments_reply_has_parent', sql`${t.targetReplyId} IS NULL OR ${t.parentId} IS NOT NULL`),
]);

/** One account's like (1) or dislike (2) of one target: the primary key makes "one per account" hold under races. */
export const discussionReactions = pgTable('discussion_reactions', {
  targetType: text('target_type').notNull(),
  targetId: bigint('target_id', { mode: 'number' }).notNull(),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  state: smallint('state').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.targetType, t.targetId, t.accountId] }),
  check('discussion_reactions_state_valid', sql`${t.state} IN (1, 2)`),
  // 'Comment': a comment or reply liked on the forum host (decisions/0018).
  check('discussion_reactions_type_valid', sql`${t.targetType} IN ('Post', 'SteamReview', 'Headline', 'Talk', 'Comment')`),
]);

/**
 * A target's counts, as deltas spread over `COUNTER_SHARDS` rows: each write adds its change to one shard in
 * the transaction that changes the truth, and readers sum the shards. One shard may go below zero (a like
 * added on one shard is taken back on another); the sum cannot, since it equals the truth.
 */
export const discussionCounters = pgTable('discussion_counters', {
  targetType: text('target_type').notNull(),
  targetId: bigint('target_id', { mode: 'number' }).notNull(),
  shard: smallint('shard').notNull(),
  likes: integer('likes').notNull().default(0),
  dislikes: integer('dislikes').notNull().default(0),
  comments: integer('comments').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.targetType, t.targetId, t.shard] }), check('discussion_counters_shard_valid', sql`${t.shard} >= 0 AND ${t.shard} < 64`)]);

/** Drift the reconcile job found and repaired (counters minus truth, before the repair): its report. */
export const discussionCounterRepairs = pgTable('discussion_counter_repairs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  targetType: text('target_type').notNull(),
  targetId: bigint('target_id', { mode: 'number' }).notNull(),
  likesDrift: integer('likes_drift').notNull(),
  dislikesDrift: integer('dislikes_drift').notNull(),
  commentsDrift: integer('comments_drift').notNull(),
  repairedAt: timestamp('repaired_at', { withTimezone: true }).notNull(),
}, (t) => [index('discussion_counter_repairs_at_idx').on(t.repairedAt)]);

/**
 * Targets whose counters moved since the reconcile job last looked (decisions/0020): marked in the transaction
 * of the write, taken (deleted) by the job when it recounts them.
 */
export const discussionDirtyTargets = pgTable('discussion_dirty_targets', {
  targetType: text('target_type').notNull(),
  targetId: bigint('target_id', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.targetType, t.targetId] })]);
