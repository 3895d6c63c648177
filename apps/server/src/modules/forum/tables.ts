import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/tables.ts';

/**
 * Points participation (docs/product/community.md#points-participation; decisions/0018): a group's points
 * campaign, who joined it, and the days rewarded. The group is the community's, named by id without a foreign
 * key (another module's table); the campaign's site is the site whose members may join it.
 */
export const integralCampaigns = pgTable('forum_integral_campaigns', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  groupId: bigint('group_id', { mode: 'number' }).notNull(),
  title: jsonb('title').$type<{ chs: string; en: string }>().notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  pointsPerDay: integer('points_per_day').notNull(),
  maxDays: integer('max_days').notNull(),
}, (t) => [
  index('forum_integral_campaigns_group_idx').on(t.groupId, t.area, t.endsAt),
  check('forum_integral_campaigns_window', sql`${t.startsAt} < ${t.endsAt}`),
  check('forum_integral_campaigns_points', sql`${t.pointsPerDay} BETWEEN 1 AND 100 AND ${t.maxDays} BETWEEN 1 AND 60`),
]);

/** A member of a campaign: one row per account (the key makes joining twice a no-op under races). */
export const integralParticipants = pgTable('forum_integral_participants', {
  campaignId: bigint('campaign_id', { mode: 'number' }).notNull().references(() => integralCampaigns.id),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.campaignId, t.accountId] })]);

/**
 * A rewarded day: the key (campaign, account, day) is what makes "once per day" hold, and the award's points
 * are added in the same transaction that inserts it, so a day is paid exactly once under any burst.
 */
export const integralAwards = pgTable('forum_integral_awards', {
  campaignId: bigint('campaign_id', { mode: 'number' }).notNull().references(() => integralCampaigns.id),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  /** The rewarded day in the site's calendar (YYYY-MM-DD). */
  day: text('day').notNull(),
  /** The first post or review published that day. */
  postId: bigint('post_id', { mode: 'number' }).notNull(),
  points: integer('points').notNull(),
  awardedAt: timestamp('awarded_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.campaignId, t.accountId, t.day] })]);
