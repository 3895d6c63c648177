import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { COMMISSION_STATES } from '@lantern/domain';
import { accounts } from '../accounts/tables.ts';
import { skus } from '../catalog/tables.ts';
import type { LocalizedName } from '../catalog/index.ts';
import { orders } from '../orders/tables.ts';

/** One distribution code per account, made the first time it is asked for (docs/product/distribution.md#codes). */
export const distributionCodes = pgTable('distribution_codes', {
  accountId: bigint('account_id', { mode: 'number' }).primaryKey().references(() => accounts.id),
  code: text('code').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [uniqueIndex('distribution_codes_code_key').on(t.code)]);

/** A SKU's commission rate in basis points, set by staff; no row is no commission. */
export const skuCommissionRates = pgTable('sku_commission_rates', {
  skuId: bigint('sku_id', { mode: 'number' }).primaryKey().references(() => skus.id),
  rateBp: integer('rate_bp').notNull(),
  setBy: bigint('set_by', { mode: 'number' }).references(() => accounts.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * The link a signed-in visitor last followed on a site: its orders there are attributed to the sharer while
 * `attributedAt` is within the window (docs/product/distribution.md#attribution). One row per visitor and site:
 * the last link followed wins.
 */
export const distributionAttributions = pgTable('distribution_attributions', {
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  sharerId: bigint('sharer_id', { mode: 'number' }).notNull().references(() => accounts.id),
  code: text('code').notNull(),
  attributedAt: timestamp('attributed_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.accountId, t.area] })]);

/** What one attributed line earned: the SKU, its name then, what was paid for it, the rate in force and the commission. */
export interface CommissionLineSnapshot {
  sku_id: number;
  sku_name: LocalizedName;
  amount: number;
  rate_bp: number;
  commission: number;
}

/**
 * An order placed through a code. The order is the key: an order is attributed at most once, whatever runs in
 * parallel. `state` moves pending → earned (paid) → paid (credited to the sharer's wallet at `paid_at`), or to
 * canceled (ended unpaid, refunded before the payout), by conditional UPDATEs. `settled_at` is when it was earned
 * or canceled.
 */
export const distributionOrders = pgTable('distribution_orders', {
  orderId: bigint('order_id', { mode: 'number' }).primaryKey().references(() => orders.id),
  sharerId: bigint('sharer_id', { mode: 'number' }).notNull().references(() => accounts.id),
  buyerId: bigint('buyer_id', { mode: 'number' }).notNull().references(() => accounts.id),
  code: text('code').notNull(),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  currency: text('currency', { enum: ['CNY', 'USD'] }).notNull(),
  amount: integer('amount').notNull(),
  commission: integer('commission').notNull(),
  lines: jsonb('lines').$type<CommissionLineSnapshot[]>().notNull(),
  state: text('state', { enum: COMMISSION_STATES }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
  paidAt: timestamp('paid_at', { withTimezone: true }),
}, (t) => [
  index('distribution_orders_sharer_idx').on(t.sharerId, t.area, t.orderId),
  // The payout's search: earned commissions by when they were earned.
  index('distribution_orders_earned_idx').on(t.settledAt, t.orderId).where(sql`${t.state} = 'earned'`),
]);
