import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/tables.ts';
import { skus, type LocalizedName } from '../catalog/tables.ts';
import { coupons } from '../coupons/tables.ts';
import { orders } from '../orders/tables.ts';

/**
 * A lottery activity on one area (docs/product/deals.md#lotteries). `mode` says how a draw is had: bought with
 * `cost_points` (`points`), or granted by a completed order and the links its buyer shares (`order`). The
 * `seed` is made when staff create it and only its SHA-256 (`seed_hash`) is shown until it ends
 * (docs/product/deals.md#lottery-fairness); `share_key` signs buyers' share links and is never shown.
 */
export const lotteryActivities = pgTable('lottery_activities', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  mode: text('mode', { enum: ['points', 'order'] }).notNull(),
  title: jsonb('title').$type<LocalizedName>().notNull(),
  description: jsonb('description').$type<LocalizedName>().notNull(),
  fromAt: timestamp('from_at', { withTimezone: true }).notNull(),
  toAt: timestamp('to_at', { withTimezone: true }).notNull(),
  closed: boolean('closed').notNull().default(false),
  costPoints: integer('cost_points').notNull().default(0),
  perUserLimit: integer('per_user_limit'),
  dailyLimit: integer('daily_limit'),
  minimumOrderAmount: integer('minimum_order_amount'),
  requiredSkuId: bigint('required_sku_id', { mode: 'number' }).references(() => skus.id),
  shareDrawsPerOrder: integer('share_draws_per_order').notNull().default(0),
  seed: text('seed').notNull(),
  seedHash: text('seed_hash').notNull(),
  shareKey: text('share_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
}, (t) => [
  index('lottery_activities_area_from_idx').on(t.area, t.fromAt),
  check('lottery_activities_window_valid', sql`${t.toAt} > ${t.fromAt}`),
  check('lottery_activities_numbers_valid', sql`${t.costPoints} >= 0 AND ${t.shareDrawsPerOrder} >= 0 AND (${t.perUserLimit} IS NULL OR ${t.perUserLimit} >= 1) AND (${t.dailyLimit} IS NULL OR ${t.dailyLimit} >= 1) AND (${t.minimumOrderAmount} IS NULL OR ${t.minimumOrderAmount} >= 1)`),
]);

/**
 * A prize of an activity: what it gives (exactly the column its kind needs, checked), its value in the site's
 * currency (the mainland cap), its weight and stock. `left_count` is taken with a conditional UPDATE and the
 * check keeps it from going below zero whatever runs against it.
 */
export const lotteryPrizes = pgTable('lottery_prizes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  activityId: bigint('activity_id', { mode: 'number' }).notNull().references(() => lotteryActivities.id),
  position: integer('position').notNull(),
  kind: text('kind', { enum: ['points', 'coupon', 'game', 'goods'] }).notNull(),
  title: jsonb('title').$type<LocalizedName>().notNull(),
  points: integer('points'),
  couponId: bigint('coupon_id', { mode: 'number' }).references(() => coupons.id),
  skuId: bigint('sku_id', { mode: 'number' }).references(() => skus.id),
  value: integer('value').notNull(),
  weight: integer('weight').notNull(),
  totalCount: integer('total_count').notNull(),
  leftCount: integer('left_count').notNull(),
}, (t) => [
  index('lottery_prizes_activity_idx').on(t.activityId, t.position),
  check('lottery_prizes_left_count_valid', sql`${t.leftCount} >= 0 AND ${t.leftCount} <= ${t.totalCount}`),
  check('lottery_prizes_weight_valid', sql`${t.weight} >= 1 AND ${t.value} >= 0`),
  check('lottery_prizes_target_valid', sql`(${t.kind} = 'points') = (${t.points} IS NOT NULL) AND (${t.kind} = 'coupon') = (${t.couponId} IS NOT NULL) AND (${t.kind} IN ('game', 'goods')) = (${t.skuId} IS NOT NULL)`),
]);

/** One prize in stock and its weight at the moment of a draw: what the draw's roll was laid over. */
export interface PoolRow {
  prize_id: number;
  weight: number;
}

/**
 * One draw: who, which prize, how it was had (`points`, an `order`, a `share` of a sharer's order), its audit
 * facts (`nonce`, `pool`; the roll is HMAC-SHA256(seed, "lottery:{activity}:{nonce}")), the day it counts
 * against (the site's calendar), and what was granted. One draw per order, and one per recipient of a shared
 * order, are kept by unique indexes whatever runs at once. A goods prize keeps the address it ships to.
 */
export const lotteryDraws = pgTable('lottery_draws', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  activityId: bigint('activity_id', { mode: 'number' }).notNull().references(() => lotteryActivities.id),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  prizeId: bigint('prize_id', { mode: 'number' }).notNull().references(() => lotteryPrizes.id),
  via: text('via', { enum: ['points', 'order', 'share'] }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
  sharerId: bigint('sharer_id', { mode: 'number' }).references(() => accounts.id),
  nonce: text('nonce').notNull(),
  pool: jsonb('pool').$type<PoolRow[]>().notNull(),
  day: text('day').notNull(),
  pointsSpent: integer('points_spent').notNull().default(0),
  accountCouponId: bigint('account_coupon_id', { mode: 'number' }),
  grantOrderId: bigint('grant_order_id', { mode: 'number' }),
  claimAddress: text('claim_address'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [
  index('lottery_draws_account_idx').on(t.activityId, t.accountId, t.day),
  index('lottery_draws_activity_idx').on(t.activityId, t.id),
  index('lottery_draws_mine_idx').on(t.accountId, t.id),
  uniqueIndex('lottery_draws_order_key').on(t.activityId, t.orderId).where(sql`${t.via} = 'order'`),
  uniqueIndex('lottery_draws_share_key').on(t.activityId, t.orderId, t.accountId).where(sql`${t.via} = 'share'`),
]);

export type DrawRow = typeof lotteryDraws.$inferSelect;
