import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/tables.ts';
import { products, skus } from '../catalog/tables.ts';

/**
 * The games an account owns on a site (docs/product/buying.md#library): one row per SKU, added when an order completes
 * or a redeem code grants the game. Playtime comes from the platform the game runs on (sandboxed here)
 * in seconds; the web shows seconds ÷ 3600 as hours (docs/product/buying.md#playtime).
 */
export const libraryGames = pgTable('library_games', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  skuId: bigint('sku_id', { mode: 'number' }).notNull().references(() => skus.id),
  productId: bigint('product_id', { mode: 'number' }).notNull().references(() => products.id),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  source: text('source', { enum: ['order', 'redeem'] }).notNull(),
  /** The order line or redeem code that granted it. */
  sourceId: bigint('source_id', { mode: 'number' }).notNull(),
  playtimeSeconds: integer('playtime_seconds').notNull().default(0),
  lastPlayedAt: timestamp('last_played_at', { withTimezone: true }),
  acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull(),
}, (t) => [
  uniqueIndex('library_games_account_sku_key').on(t.accountId, t.skuId),
  index('library_games_account_area_idx').on(t.accountId, t.area, t.acquiredAt),
  index('library_games_account_product_idx').on(t.accountId, t.productId),
]);
