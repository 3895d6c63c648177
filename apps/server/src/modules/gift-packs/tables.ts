import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/tables.ts';
import { skus, type LocalizedName } from '../catalog/tables.ts';
import { coupons } from '../coupons/tables.ts';
import { openEndedWindow, windowValid } from '../../platform/db/columns.ts';

/**
 * A gift pack event (docs/product/deals.md#gift-packs) on one area: coupons claimed together, once per
 * account, within its window. Ordered by weight, then creation, both descending, then id.
 */
export const giftPacks = pgTable('gift_packs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  title: jsonb('title').$type<LocalizedName>().notNull(),
  weight: integer('weight').notNull().default(0),
  ...openEndedWindow(),
}, (t) => [
  index('gift_packs_area_idx').on(t.area, t.weight),
  windowValid('gift_packs', t),
]);

/** The coupons a pack grants, in the order staff listed them. */
export const giftPackCoupons = pgTable('gift_pack_coupons', {
  packId: bigint('pack_id', { mode: 'number' }).notNull().references(() => giftPacks.id),
  couponId: bigint('coupon_id', { mode: 'number' }).notNull().references(() => coupons.id),
  position: integer('position').notNull(),
}, (t) => [primaryKey({ columns: [t.packId, t.couponId] })]);

/** The games whose page shows the pack. */
export const giftPackSkus = pgTable('gift_pack_skus', {
  packId: bigint('pack_id', { mode: 'number' }).notNull().references(() => giftPacks.id),
  skuId: bigint('sku_id', { mode: 'number' }).notNull().references(() => skus.id),
}, (t) => [primaryKey({ columns: [t.packId, t.skuId] }), index('gift_pack_skus_sku_idx').on(t.skuId)]);

/** A pack claimed by an account: the unique key makes "once" hold under concurrent claims. */
export const giftPackClaims = pgTable('gift_pack_claims', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  packId: bigint('pack_id', { mode: 'number' }).notNull().references(() => giftPacks.id),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [uniqueIndex('gift_pack_claims_pack_account_key').on(t.packId, t.accountId), index('gift_pack_claims_account_idx').on(t.accountId)]);
