import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/tables.ts';
import { skus, type LocalizedName } from '../catalog/tables.ts';
import { coupons } from '../coupons/tables.ts';

/**
 * An exploring queue on one area (docs/product/deals.md#exploring-queues): games to look through in order,
 * and a reward for finishing — points or one coupon of the same area, exactly one of them (checked).
 */
export const exploringQueues = pgTable('exploring_queues', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  title: jsonb('title').$type<LocalizedName>().notNull(),
  fromAt: timestamp('from_at', { withTimezone: true }).notNull(),
  toAt: timestamp('to_at', { withTimezone: true }).notNull(),
  closed: boolean('closed').notNull().default(false),
  rewardPoints: integer('reward_points'),
  rewardCouponId: bigint('reward_coupon_id', { mode: 'number' }).references(() => coupons.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
}, (t) => [
  index('exploring_queues_area_window_idx').on(t.area, t.toAt),
  check('exploring_queues_window_valid', sql`${t.toAt} > ${t.fromAt}`),
  check('exploring_queues_one_reward', sql`(${t.rewardPoints} IS NULL) <> (${t.rewardCouponId} IS NULL) AND coalesce(${t.rewardPoints}, 1) > 0`),
]);

/** One game of a queue, in its place. */
export const exploringQueueItems = pgTable('exploring_queue_items', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  queueId: bigint('queue_id', { mode: 'number' }).notNull().references(() => exploringQueues.id),
  skuId: bigint('sku_id', { mode: 'number' }).notNull().references(() => skus.id),
  position: integer('position').notNull().default(0),
}, (t) => [uniqueIndex('exploring_queue_items_queue_sku_key').on(t.queueId, t.skuId), index('exploring_queue_items_sku_idx').on(t.skuId)]);

/**
 * An account's run of a queue: one per account and queue (unique), the items it has viewed, and when it was
 * completed. The reward is given in the transaction that sets `completed_at` from null, with a conditional
 * UPDATE, so however many completes race only one finds it null and rewards.
 */
export const exploringRuns = pgTable('exploring_runs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  queueId: bigint('queue_id', { mode: 'number' }).notNull().references(() => exploringQueues.id),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  viewedItemIds: jsonb('viewed_item_ids').$type<number[]>().notNull().default([]),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
}, (t) => [uniqueIndex('exploring_runs_queue_account_key').on(t.queueId, t.accountId)]);
