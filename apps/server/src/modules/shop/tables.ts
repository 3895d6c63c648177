import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { skus } from '../catalog/tables.ts';
import { orders } from '../orders/tables.ts';

/**
 * The stock of a physical SKU (a peripheral), docs/product/deals.md#peripheral-stock. `left` is what can
 * still be ordered: an order takes its quantity with one conditional UPDATE (`left >= quantity`) in its own
 * transaction, and the check keeps it from ever going below zero whatever runs against the table. A
 * peripheral without a row here is not counted (sold without a stock limit).
 */
export const peripheralStock = pgTable('peripheral_stock', {
  skuId: bigint('sku_id', { mode: 'number' }).primaryKey().references(() => skus.id),
  left: integer('left').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
}, (t) => [check('peripheral_stock_left_valid', sql`${t.left} >= 0`)]);

/**
 * Units an order holds: written with the order, given back once (`released`) when it ends unpaid
 * (expired, canceled, deleted). A paid order keeps them: they are shipped.
 */
export const peripheralStockHolds = pgTable('peripheral_stock_holds', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id),
  skuId: bigint('sku_id', { mode: 'number' }).notNull().references(() => skus.id),
  quantity: integer('quantity').notNull(),
  released: boolean('released').notNull().default(false),
}, (t) => [
  uniqueIndex('peripheral_stock_holds_order_sku_key').on(t.orderId, t.skuId),
  index('peripheral_stock_holds_sku_idx').on(t.skuId),
  check('peripheral_stock_holds_quantity_valid', sql`${t.quantity} > 0`),
]);
