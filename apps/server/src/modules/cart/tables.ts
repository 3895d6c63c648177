import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/tables.ts';
import { skus } from '../catalog/tables.ts';

/**
 * A cart line (docs/product/buying.md#cart): one per account and SKU, so two concurrent adds of the same SKU
 * meet on the unique index instead of making two lines. The SKU fixes the area; it is kept for the
 * per-site read.
 */
export const cartItems = pgTable('cart_items', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  skuId: bigint('sku_id', { mode: 'number' }).notNull().references(() => skus.id),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  quantity: integer('quantity').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('cart_items_account_sku_key').on(t.accountId, t.skuId),
  index('cart_items_account_area_idx').on(t.accountId, t.area, t.createdAt),
  check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
]);
