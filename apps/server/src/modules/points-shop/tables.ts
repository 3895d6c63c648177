import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/tables.ts';
import { skus, type LocalizedName } from '../catalog/tables.ts';
import { coupons } from '../coupons/tables.ts';
import { orders } from '../orders/tables.ts';
import { openEndedWindow, windowValid } from '../../platform/db/columns.ts';

/**
 * A point redeem of the points shop (docs/product/deals.md#points-shop) on one area: a SKU (a game key, or
 * goods, through a zero-price order) or a coupon, for `points`. `left_count` is taken with a conditional
 * UPDATE and the check keeps it from going below zero whatever runs against it; staff may raise it.
 */
export const pointRedeems = pgTable('point_redeems', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  title: jsonb('title').$type<LocalizedName>().notNull(),
  cover: text('cover').notNull(),
  type: text('type', { enum: ['sku', 'coupon'] }).notNull(),
  skuId: bigint('sku_id', { mode: 'number' }).references(() => skus.id),
  couponId: bigint('coupon_id', { mode: 'number' }).references(() => coupons.id),
  points: integer('points').notNull(),
  listPoints: integer('list_points').notNull(),
  totalCount: integer('total_count').notNull(),
  leftCount: integer('left_count').notNull(),
  perAccountLimit: integer('per_account_limit'),
  position: integer('position').notNull().default(0),
  ...openEndedWindow(),
}, (t) => [
  index('point_redeems_area_position_idx').on(t.area, t.position),
  check('point_redeems_left_count_valid', sql`${t.leftCount} >= 0 AND ${t.totalCount} >= 0`),
  check('point_redeems_points_valid', sql`${t.points} > 0 AND ${t.listPoints} > 0 AND (${t.perAccountLimit} IS NULL OR ${t.perAccountLimit} >= 1)`),
  check('point_redeems_target_valid', sql`(${t.type} = 'sku') = (${t.skuId} IS NOT NULL) AND (${t.type} = 'coupon') = (${t.couponId} IS NOT NULL)`),
  windowValid('point_redeems', t),
]);

/**
 * One unit of a redeem taken by an account: redeemed at once (`redeem`, its points spent) or held by an
 * unpaid order (`order`). It counts against the account's limit until an order holding it ends unpaid:
 * then `released` is set and the unit goes back to `left_count`, once.
 */
export const pointRedemptions = pgTable('point_redemptions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  redeemId: bigint('redeem_id', { mode: 'number' }).notNull().references(() => pointRedeems.id),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  via: text('via', { enum: ['redeem', 'order'] }).notNull(),
  points: integer('points').notNull(),
  orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
  accountCouponId: bigint('account_coupon_id', { mode: 'number' }),
  released: boolean('released').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [
  uniqueIndex('point_redemptions_order_key').on(t.orderId),
  index('point_redemptions_held_idx').on(t.redeemId, t.accountId).where(sql`not ${t.released}`),
  index('point_redemptions_account_idx').on(t.accountId),
]);
