import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/tables.ts';
import { products, skus, type LocalizedName } from '../catalog/tables.ts';

/** The shipping address an order was placed with, copied so later edits to the book do not change it. */
export interface AddressSnapshot {
  name: string;
  phone_number: string;
  country_code: string;
  prov_id: string | null;
  city_id: string | null;
  area_id: string | null;
  region_text: string;
  address: string;
  postcode: string;
}

/**
 * An order (docs/product/buying.md#orders). States in_checkout → pending → completed | canceled; an unpaid order is
 * canceled at `expires_at` (docs/product/buying.md#order-expiry). Amounts are integer minor units of the area's currency,
 * snapshotted at creation. `version` guards payment writes (the pay call sends it; `version: stale` when it differs).
 */
export const orders = pgTable('orders', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  type: text('type', { enum: ['seckill', 'one_click', 'cart'] }).notNull(),
  cate: text('cate', { enum: ['game', 'virtual', 'physical'] }).notNull(),
  state: text('state', { enum: ['in_checkout', 'pending', 'canceled', 'completed'] }).notNull(),
  currency: text('currency', { enum: ['CNY', 'USD'] }).notNull(),
  listAmount: integer('list_amount').notNull(),
  subtotalAmount: integer('subtotal_amount').notNull(),
  couponAmount: integer('coupon_amount').notNull().default(0),
  totalAmount: integer('total_amount').notNull(),
  /** The account coupon applied, if any (its row points back with order_id). */
  accountCouponId: bigint('account_coupon_id', { mode: 'number' }),
  address: jsonb('address').$type<AddressSnapshot>(),
  /** expired, canceled or deleted unpaid; `refunded`: a paid physical order the buyer canceled before it shipped, its money given back. */
  cancelReason: text('cancel_reason', { enum: ['expired', 'canceled', 'deleted', 'refunded'] }),
  version: integer('version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  canceledAt: timestamp('canceled_at', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
}, (t) => [
  index('orders_account_created_idx').on(t.accountId, t.area, t.createdAt),
  index('orders_unpaid_expiry_idx').on(t.expiresAt).where(sql`${t.state} in ('in_checkout', 'pending')`),
  check('orders_amounts_valid', sql`${t.subtotalAmount} >= 0 AND ${t.couponAmount} >= 0 AND ${t.totalAmount} = ${t.subtotalAmount} - ${t.couponAmount} AND ${t.totalAmount} >= 0`),
]);

/**
 * One SKU of an order with its prices at the time of ordering. Keys (`game_keys`, keys module) hang off these
 * rows; ownership of a game is a line of a completed order.
 */
export const orderGames = pgTable('order_games', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  skuId: bigint('sku_id', { mode: 'number' }).notNull().references(() => skus.id),
  productId: bigint('product_id', { mode: 'number' }).notNull().references(() => products.id),
  skuName: jsonb('sku_name').$type<LocalizedName>().notNull(),
  quantity: integer('quantity').notNull(),
  listPrice: integer('list_price').notNull(),
  salePrice: integer('sale_price').notNull(),
  /** This line's share of the order's coupon amount. */
  couponAmount: integer('coupon_amount').notNull().default(0),
  /** sale_price × quantity − coupon_amount. */
  amount: integer('amount').notNull(),
  /** Points for one unit when the SKU could be paid with points at ordering time, else null (snapshotted like the money prices). */
  pointsPrice: integer('points_price'),
  /** False when the SKU was sold for points only (skus.support_cash_pay) at ordering time. */
  cashPayable: boolean('cash_payable').notNull().default(true),
}, (t) => [
  index('order_games_order_idx').on(t.orderId),
  index('order_games_account_product_idx').on(t.accountId, t.productId),
  check('order_games_amounts_valid', sql`${t.quantity} > 0 AND ${t.salePrice} >= 0 AND ${t.couponAmount} >= 0 AND ${t.amount} = ${t.salePrice} * ${t.quantity} - ${t.couponAmount} AND ${t.amount} >= 0`),
]);

/**
 * Shipping of a physical order (one per order, made when it completes): staff move it from
 * preparing to shipped with a carrier and tracking number, then delivered; canceled when the buyer
 * cancels the order before it ships.
 */
export const shipments = pgTable('shipments', {
  orderId: bigint('order_id', { mode: 'number' }).primaryKey().references(() => orders.id),
  state: text('state', { enum: ['preparing', 'shipped', 'delivered', 'canceled'] }).notNull(),
  carrier: text('carrier'),
  trackingNumber: text('tracking_number'),
  shippedAt: timestamp('shipped_at', { withTimezone: true }),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
}, (t) => [
  check('shipments_tracking_when_shipped', sql`${t.state} IN ('preparing', 'canceled') OR ${t.trackingNumber} IS NOT NULL`),
]);
