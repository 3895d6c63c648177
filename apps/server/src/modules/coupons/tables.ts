import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CouponScope } from '@lantern/domain';
import { accounts } from '../accounts/tables.ts';
import type { LocalizedName } from '../catalog/tables.ts';
import { openEndedWindow, windowValid } from '../../platform/db/columns.ts';

/**
 * A coupon definition (docs/product/buying.md#coupons) on one area. `left_amount` is what can still be claimed; claims
 * take one with a conditional UPDATE, and the check keeps it from ever going below zero. A `code`
 * coupon is claimed by giving its code (and a captcha when `need_captcha`).
 */
export const coupons = pgTable('coupons', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  title: jsonb('title').$type<LocalizedName>().notNull(),
  discountType: text('discount_type', { enum: ['amount', 'percentage'] }).notNull(),
  /** Minor units off (amount) or whole percent off (percentage). */
  value: integer('value').notNull(),
  minimumOrder: integer('minimum_order').notNull().default(0),
  validFrom: timestamp('valid_from', { withTimezone: true }),
  validUntil: timestamp('valid_until', { withTimezone: true }),
  applyTo: jsonb('apply_to').$type<CouponScope>().notNull(),
  totalAmount: integer('total_amount').notNull(),
  leftAmount: integer('left_amount').notNull(),
  /** Not listed among claimable coupons; claimed only with the code. */
  code: text('code'),
  needCaptcha: boolean('need_captcha').notNull().default(false),
  /** An inactive coupon's event is off: nobody can claim it (coupon_event_inactive). */
  status: text('status', { enum: ['active', 'inactive'] }).notNull().default('active'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('coupons_area_created_idx').on(t.area, t.createdAt),
  uniqueIndex('coupons_code_key').on(t.area, t.code),
  check('coupons_left_amount_valid', sql`${t.leftAmount} >= 0 AND ${t.leftAmount} <= ${t.totalAmount}`),
  check('coupons_value_valid', sql`${t.value} > 0 AND (${t.discountType} = 'amount' OR ${t.value} <= 100) AND ${t.minimumOrder} >= 0`),
]);

/**
 * A coupon an account holds. Claimed once per account (unique); used by at most one order: `order_id`
 * is set together with `used_at` (check) by a conditional UPDATE, and an order holds one coupon (unique).
 * Cancelling or expiring the order clears both, which gives the coupon back.
 */
export const accountCoupons = pgTable('account_coupons', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  couponId: bigint('coupon_id', { mode: 'number' }).notNull().references(() => coupons.id),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  orderId: bigint('order_id', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('account_coupons_account_coupon_key').on(t.accountId, t.couponId),
  uniqueIndex('account_coupons_order_key').on(t.orderId),
  index('account_coupons_account_area_idx').on(t.accountId, t.area, t.createdAt),
  check('account_coupons_use_consistent', sql`(${t.usedAt} IS NULL) = (${t.orderId} IS NULL)`),
]);

/**
 * A coupon area of the store home (docs/product/deals.md#coupon-areas): a titled group of the site's
 * coupons, shown in its window, in `position` order. Claiming is the coupon's own claim.
 */
export const couponAreas = pgTable('coupon_areas', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  title: jsonb('title').$type<LocalizedName>().notNull(),
  position: integer('position').notNull().default(0),
  ...openEndedWindow(),
}, (t) => [
  index('coupon_areas_area_idx').on(t.area, t.position),
  windowValid('coupon_areas', t),
]);

/** The coupons of an area, in the order staff listed them. */
export const couponAreaCoupons = pgTable('coupon_area_coupons', {
  areaId: bigint('area_id', { mode: 'number' }).notNull().references(() => couponAreas.id),
  couponId: bigint('coupon_id', { mode: 'number' }).notNull().references(() => coupons.id),
  position: integer('position').notNull(),
}, (t) => [primaryKey({ columns: [t.areaId, t.couponId] })]);
