import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { JOURNEY_TASK_KINDS } from '@lantern/domain';
import { accounts } from '../accounts/tables.ts';
import { coupons } from '../coupons/tables.ts';
import type { LocalizedName } from '../catalog/tables.ts';

/** A journey of one site, open from `starts_at` until (not including) `ends_at` (docs/product/engagement.md#tasks-and-journeys). */
export const journeys = pgTable('journeys', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  title: jsonb('title').$type<LocalizedName>().notNull(),
  description: jsonb('description').$type<LocalizedName>().notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('journeys_area_idx').on(t.area, t.position),
  check('journeys_window_valid', sql`${t.endsAt} > ${t.startsAt}`),
]);

/**
 * A task of a journey. A `redeem_code` task keeps its code only as an HMAC (`code_hash`), so reading the
 * table does not give the code away.
 */
export const journeyTasks = pgTable('journey_tasks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  journeyId: bigint('journey_id', { mode: 'number' }).notNull().references(() => journeys.id),
  kind: text('kind', { enum: JOURNEY_TASK_KINDS }).notNull(),
  title: jsonb('title').$type<LocalizedName>().notNull(),
  codeHash: text('code_hash'),
  position: integer('position').notNull().default(0),
}, (t) => [
  index('journey_tasks_journey_idx').on(t.journeyId, t.position),
  check('journey_tasks_code_valid', sql`(${t.kind} = 'redeem_code') = (${t.codeHash} IS NOT NULL)`),
]);

/** What completing a task gives (one reward per task): points, a coupon, or both. */
export const journeyRewards = pgTable('journey_rewards', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  journeyId: bigint('journey_id', { mode: 'number' }).notNull().references(() => journeys.id),
  taskId: bigint('task_id', { mode: 'number' }).notNull().references(() => journeyTasks.id),
  title: jsonb('title').$type<LocalizedName>().notNull(),
  points: integer('points'),
  couponId: bigint('coupon_id', { mode: 'number' }).references(() => coupons.id),
}, (t) => [
  uniqueIndex('journey_rewards_task_key').on(t.taskId),
  check('journey_rewards_gives_something', sql`(${t.points} IS NOT NULL AND ${t.points} > 0) OR ${t.couponId} IS NOT NULL`),
]);

/** A task an account completed: the key makes completing it again change nothing. */
export const accountJourneyTasks = pgTable('account_journey_tasks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  journeyId: bigint('journey_id', { mode: 'number' }).notNull().references(() => journeys.id),
  taskId: bigint('task_id', { mode: 'number' }).notNull().references(() => journeyTasks.id),
  completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
}, (t) => [uniqueIndex('account_journey_tasks_key').on(t.accountId, t.taskId)]);

/**
 * A reward an account earned, closed until it opens it: `opened_at` is set once by a conditional UPDATE, in
 * the transaction that grants what it gives, so it is granted exactly once.
 */
export const accountJourneyRewards = pgTable('account_journey_rewards', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  journeyId: bigint('journey_id', { mode: 'number' }).notNull().references(() => journeys.id),
  taskId: bigint('task_id', { mode: 'number' }).notNull().references(() => journeyTasks.id),
  rewardId: bigint('reward_id', { mode: 'number' }).notNull().references(() => journeyRewards.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  openedAt: timestamp('opened_at', { withTimezone: true }),
  accountCouponId: bigint('account_coupon_id', { mode: 'number' }),
}, (t) => [
  uniqueIndex('account_journey_rewards_key').on(t.accountId, t.rewardId),
  index('account_journey_rewards_account_idx').on(t.accountId, t.journeyId),
]);
