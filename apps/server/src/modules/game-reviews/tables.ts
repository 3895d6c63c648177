import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/tables.ts';
import { products, skus, type LocalizedName } from '../catalog/tables.ts';
import { openEndedWindow, windowValid } from '../../platform/db/columns.ts';

/**
 * A game's page on another platform (its Steam app, its Epic product), whose reviews are imported
 * (docs/product/community.md#steam-and-epic-reviews). Linked to the product, so every SKU of the game on
 * both sites shows them. The summary is Steam's own count over every language, kept from the last import
 * that could read it; `last_error` says why the latest one could not.
 */
export const reviewApps = pgTable('review_apps', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  productId: bigint('product_id', { mode: 'number' }).notNull().references(() => products.id),
  platform: text('platform', { enum: ['steam', 'epic'] }).notNull(),
  externalId: text('external_id').notNull(),
  totalCount: integer('total_count').notNull().default(0),
  positiveCount: integer('positive_count').notNull().default(0),
  syncedAt: timestamp('synced_at', { withTimezone: true }),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [
  uniqueIndex('review_apps_platform_external_key').on(t.platform, t.externalId),
  uniqueIndex('review_apps_product_platform_key').on(t.productId, t.platform),
  check('review_apps_counts_valid', sql`${t.totalCount} >= 0 AND ${t.positiveCount} >= 0 AND ${t.positiveCount} <= ${t.totalCount}`),
]);

/**
 * One imported review, as its platform wrote it: the platform's id is unique, so a refresh updates the copy
 * (helpful counts move) instead of adding another. `area` is the site that lists it, by its language
 * (domain `reviewArea`). Lists are read by app, area and helpfulness.
 */
export const platformReviews = pgTable('platform_reviews', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  appId: bigint('app_id', { mode: 'number' }).notNull().references(() => reviewApps.id),
  platform: text('platform', { enum: ['steam', 'epic'] }).notNull(),
  sourceId: text('source_id').notNull(),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  language: text('language').notNull(),
  content: text('content').notNull(),
  recommended: boolean('recommended').notNull(),
  helpfulCount: integer('helpful_count').notNull().default(0),
  funnyCount: integer('funny_count').notNull().default(0),
  playtimeSeconds: integer('playtime_seconds').notNull().default(0),
  authorName: text('author_name').notNull().default(''),
  postedAt: timestamp('posted_at', { withTimezone: true }).notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull(),
}, (t) => [
  uniqueIndex('platform_reviews_source_key').on(t.platform, t.sourceId),
  // The lists' order exactly (most helpful, newest, id), so a page is an index range, never a sort.
  index('platform_reviews_list_idx').on(t.appId, t.area, t.helpfulCount.desc().nullsFirst(), t.postedAt.desc().nullsFirst(), t.id),
  check('platform_reviews_counts_valid', sql`${t.helpfulCount} >= 0 AND ${t.funnyCount} >= 0 AND ${t.playtimeSeconds} >= 0`),
]);

/**
 * A community vote on a game (docs/product/community.md#votes): a question on one SKU's page on one site
 * (and region, when set), open within its window unless staff closed it.
 */
export const voteActivities = pgTable('vote_activities', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  skuId: bigint('sku_id', { mode: 'number' }).notNull().references(() => skus.id),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  /** Null: every region of the area. */
  region: text('region'),
  title: jsonb('title').$type<LocalizedName>().notNull(),
  ...openEndedWindow(),
}, (t) => [
  index('vote_activities_sku_idx').on(t.skuId, t.area),
  windowValid('vote_activities', t),
]);

/** The answers a vote offers, in the order staff listed them. */
export const voteOptions = pgTable('vote_options', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  activityId: bigint('activity_id', { mode: 'number' }).notNull().references(() => voteActivities.id),
  label: jsonb('label').$type<LocalizedName>().notNull(),
  position: integer('position').notNull(),
}, (t) => [uniqueIndex('vote_options_activity_position_key').on(t.activityId, t.position)]);

/**
 * A vote cast: one per account and activity, held by the unique key under concurrent votes. Counts are
 * counted from these rows (an index-only count per option), so no hot counter row is written.
 */
export const votes = pgTable('votes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  activityId: bigint('activity_id', { mode: 'number' }).notNull().references(() => voteActivities.id),
  optionId: bigint('option_id', { mode: 'number' }).notNull().references(() => voteOptions.id),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [
  uniqueIndex('votes_activity_account_key').on(t.activityId, t.accountId),
  index('votes_activity_option_idx').on(t.activityId, t.optionId),
]);
