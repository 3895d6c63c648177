import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/tables.ts';
import { skus, type LocalizedName } from '../catalog/tables.ts';
import { orders } from '../orders/tables.ts';

/**
 * A flash-sale (seckill) event on one area (docs/product/deals.md#flash-sale-status): its window in server
 * time and its place in lists (`position`, answered as `index`). Its status is never stored: it is derived
 * from the clock (`seckillStatus`), so nothing has to flip it at the opening instant; staff can only close it.
 * What it requires of a buyer is set here: a bound phone, Steam or WeChat account, a registration window,
 * a game owned (any edition of `required_sku_id`'s product), an order quota (`required_completed_orders`:
 * completed orders on the site, docs/product/deals.md#flash-sale-purchase).
 */
export const seckillEvents = pgTable('seckill_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  title: jsonb('title').$type<LocalizedName>().notNull(),
  position: integer('position').notNull().default(0),
  fromAt: timestamp('from_at', { withTimezone: true }).notNull(),
  toAt: timestamp('to_at', { withTimezone: true }).notNull(),
  closed: boolean('closed').notNull().default(false),
  /** When staff closed it (null while open): its unsold keys go back counted from here (flashKeysReturnAtSec). */
  closedAt: timestamp('closed_at', { withTimezone: true }),
  requirePhone: boolean('require_phone').notNull().default(false),
  requireSteam: boolean('require_steam').notNull().default(false),
  requireWechat: boolean('require_wechat').notNull().default(false),
  registeredFrom: timestamp('registered_from', { withTimezone: true }),
  registeredTo: timestamp('registered_to', { withTimezone: true }),
  requiredSkuId: bigint('required_sku_id', { mode: 'number' }).references(() => skus.id),
  requiredCompletedOrders: integer('required_completed_orders').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
}, (t) => [
  index('seckill_events_area_window_idx').on(t.area, t.toAt),
  check('seckill_events_window_valid', sql`${t.toAt} > ${t.fromAt}`),
  check('seckill_events_quota_valid', sql`${t.requiredCompletedOrders} >= 0`),
]);

/**
 * One SKU sold in an event at its flash price (minor units of the area's currency). `left` is the stock: a
 * purchase takes one with a conditional UPDATE (`left > 0`), and the check keeps it from ever going below
 * zero whatever runs against it. `buy_limit` is how many units one account may hold.
 */
export const seckillItems = pgTable('seckill_items', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  eventId: bigint('event_id', { mode: 'number' }).notNull().references(() => seckillEvents.id),
  skuId: bigint('sku_id', { mode: 'number' }).notNull().references(() => skus.id),
  price: integer('price').notNull(),
  stock: integer('stock').notNull(),
  left: integer('left').notNull(),
  buyLimit: integer('buy_limit').notNull().default(1),
  position: integer('position').notNull().default(0),
  /**
   * Units the supplier backs (docs/product/deals.md#flash-sale-keys): the rest of `stock` has its keys set aside
   * in the key pool for this item (keys' `set_aside_for = seckill_item:{id}`) when it is put on sale. Above
   * zero only for a SKU the supplier sells on demand; the page then states the wait before paying.
   */
  supplierUnits: integer('supplier_units').notNull().default(0),
  /** When its unsold keys went back to the open pool (the event over); null while they are set aside. */
  keysReturnedAt: timestamp('keys_returned_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('seckill_items_event_sku_key').on(t.eventId, t.skuId),
  check('seckill_items_left_valid', sql`${t.left} >= 0`),
  check('seckill_items_values_valid', sql`${t.price} >= 0 AND ${t.stock} >= 0 AND ${t.buyLimit} >= 1`),
  check('seckill_items_supplier_units_valid', sql`${t.supplierUnits} >= 0 AND ${t.supplierUnits} <= ${t.stock}`),
  index('seckill_items_keys_out_idx').on(t.eventId).where(sql`${t.keysReturnedAt} IS NULL`),
]);

/**
 * A unit held by a seckill order. It counts against the account's limit until the order ends unpaid
 * (expired, canceled, deleted): then `released` is set and the unit goes back to `left`, once.
 */
export const seckillPurchases = pgTable('seckill_purchases', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  itemId: bigint('item_id', { mode: 'number' }).notNull().references(() => seckillItems.id),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  /** Null while reserved: the unit is taken before its order's transaction (reservations.ts). */
  orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
  released: boolean('released').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /**
   * A reservation's lease (reservations.ts): renewed while its checkout runs, given back once it has run
   * out (its instance died). Null for rows written before leases, which count as run out.
   */
  heldUntil: timestamp('held_until', { withTimezone: true }),
}, (t) => [
  uniqueIndex('seckill_purchases_order_key').on(t.orderId),
  index('seckill_purchases_reserved_idx').on(t.heldUntil).where(sql`${t.orderId} IS NULL AND NOT ${t.released}`),
  index('seckill_purchases_held_idx').on(t.itemId, t.accountId).where(sql`not ${t.released}`),
]);
