import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/tables.ts';
import { skus, type LocalizedName } from '../catalog/tables.ts';
import { orders } from '../orders/tables.ts';

/**
 * A bundle promotion on one area (docs/product/deals.md#bundle-promotions): pick `pick_count` games of its
 * pool for `price` (minor units of the area's currency) together. Like a flash sale its status is worked out
 * from its window and the clock, never stored; staff can close it.
 */
export const bundleActivities = pgTable('bundle_activities', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  title: jsonb('title').$type<LocalizedName>().notNull(),
  coverSeed: text('cover_seed').notNull(),
  fromAt: timestamp('from_at', { withTimezone: true }).notNull(),
  toAt: timestamp('to_at', { withTimezone: true }).notNull(),
  pickCount: integer('pick_count').notNull(),
  price: integer('price').notNull(),
  closed: boolean('closed').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
}, (t) => [
  index('bundle_activities_area_window_idx').on(t.area, t.toAt),
  check('bundle_activities_window_valid', sql`${t.toAt} > ${t.fromAt}`),
  check('bundle_activities_values_valid', sql`${t.pickCount} >= 1 AND ${t.price} >= 0`),
]);

/** One SKU of an activity's pool, in its place. */
export const bundleGames = pgTable('bundle_games', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  activityId: bigint('activity_id', { mode: 'number' }).notNull().references(() => bundleActivities.id),
  skuId: bigint('sku_id', { mode: 'number' }).notNull().references(() => skus.id),
  position: integer('position').notNull().default(0),
}, (t) => [uniqueIndex('bundle_games_activity_sku_key').on(t.activityId, t.skuId)]);

/** Which activity an order was placed from (one row per order), for staff and the buyer's history. */
export const bundleOrders = pgTable('bundle_orders', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  activityId: bigint('activity_id', { mode: 'number' }).notNull().references(() => bundleActivities.id),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [uniqueIndex('bundle_orders_order_key').on(t.orderId), index('bundle_orders_activity_idx').on(t.activityId)]);
