import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/tables.ts';
import { skus } from '../catalog/tables.ts';
import { coupons } from '../coupons/tables.ts';

/**
 * A redeem code (docs/product/buying.md#redeem-codes): staff issue codes that grant goods on one area — a game
 * (added to the library with a key), a coupon, or points. `remote_id` is the goods' id at its source.
 * Only the keyed hash of the code is stored, with its last characters for display; a code is used once
 * (conditional update from active to used). A code may be issued to one account (it then lists it
 * under GET /api/me/code) or be open to whoever holds it.
 */
export const redeemCodes = pgTable('redeem_codes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  codeHash: text('code_hash').notNull(),
  codeTail: text('code_tail').notNull(),
  goodsKind: text('goods_kind', { enum: ['sku', 'coupon', 'points'] }).notNull(),
  skuId: bigint('sku_id', { mode: 'number' }).references(() => skus.id),
  couponId: bigint('coupon_id', { mode: 'number' }).references(() => coupons.id),
  points: integer('points'),
  remoteId: text('remote_id').notNull(),
  state: text('state', { enum: ['active', 'used', 'disabled'] }).notNull(),
  /** Issued to this account only; null for open codes. */
  ownerAccountId: bigint('owner_account_id', { mode: 'number' }).references(() => accounts.id),
  /** Sealed copy of the code, kept only for codes issued to an account, so the owner can see it. */
  codeEnc: text('code_enc'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  usedBy: bigint('used_by', { mode: 'number' }).references(() => accounts.id),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [
  uniqueIndex('redeem_codes_code_key').on(t.codeHash),
  index('redeem_codes_owner_idx').on(t.ownerAccountId),
  index('redeem_codes_used_by_idx').on(t.usedBy, t.usedAt),
  check('redeem_codes_goods_valid', sql`(${t.goodsKind} = 'sku' AND ${t.skuId} IS NOT NULL) OR (${t.goodsKind} = 'coupon' AND ${t.couponId} IS NOT NULL) OR (${t.goodsKind} = 'points' AND ${t.points} > 0)`),
  check('redeem_codes_use_consistent', sql`(${t.state} = 'used') = (${t.usedBy} IS NOT NULL AND ${t.usedAt} IS NOT NULL)`),
]);
