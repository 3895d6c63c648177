import { bigint, boolean, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the wish-list alert last saw of one account's wished SKU, and when it last told them
 * (docs/product/messaging.md#wish-alert): the baseline a price drop or a release is measured from.
 */
export const wishAlertMarks = pgTable('wish_alert_marks', {
  accountId: bigint('account_id', { mode: 'number' }).notNull(),
  skuId: bigint('sku_id', { mode: 'number' }).notNull(),
  seenPrice: integer('seen_price').notNull(),
  seenReleased: boolean('seen_released').notNull(),
  toldAt: timestamp('told_at', { withTimezone: true }),
}, (t) => [primaryKey({ columns: [t.accountId, t.skuId] })]);
