import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/tables.ts';
import { orders } from '../orders/tables.ts';

export const PAYMENT_METHODS = ['alipay', 'wechat', 'paypal', 'card', 'wallet', 'points'] as const;

/**
 * One attempt to pay an order (an order's `payments`). `out_trade_no` is our reference at the gateway.
 * States: created → succeeded (the payment completed the order) | refunded (money arrived but could not be
 * applied: the order had expired, was canceled or was already paid) | failed | canceled.
 * The partial unique index makes "an order is paid once" a database fact, whatever the notifications do.
 * `amount` is minor units of `currency`, or points when `currency` is POINTS.
 */
export const payments = pgTable('payments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  method: text('method', { enum: PAYMENT_METHODS }).notNull(),
  /** web, pc, mobile: where the buyer paid from (the pay call's payment_from). */
  paymentFrom: text('payment_from').notNull(),
  outTradeNo: text('out_trade_no').notNull(),
  /** The gateway that took (or was asked to take) the money: its notifications alone count, its refund API gives it back. Null for wallet and points. */
  gateway: text('gateway'),
  gatewayTradeNo: text('gateway_trade_no'),
  amount: integer('amount').notNull(),
  currency: text('currency', { enum: ['CNY', 'USD', 'POINTS'] }).notNull(),
  state: text('state', { enum: ['created', 'succeeded', 'refunded', 'failed', 'canceled'] }).notNull(),
  failureReason: text('failure_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
}, (t) => [
  uniqueIndex('payments_out_trade_no_key').on(t.outTradeNo),
  uniqueIndex('payments_one_success_per_order').on(t.orderId).where(sql`${t.state} = 'succeeded'`),
  index('payments_order_idx').on(t.orderId, t.createdAt),
  check('payments_amount_valid', sql`${t.amount} >= 0`),
]);

/**
 * Every asynchronous notification a gateway sent, kept as received (verified or not). The unique key on
 * (gateway, notify_id) is what applies a notification once however often it is replayed.
 */
export const paymentNotifications = pgTable('payment_notifications', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  gateway: text('gateway').notNull(),
  notifyId: text('notify_id').notNull(),
  outTradeNo: text('out_trade_no'),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  verified: boolean('verified').notNull(),
  /** applied, ignored (stale or duplicate state), refunded (late or double payment), refused (bad signature, amount or order). */
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  /**
   * Set when a genuine (well-signed) notification disagrees with our payment — another amount, currency or
   * gateway. It is never applied: money may have moved at the gateway that the store did not ask for, so
   * staff must look (`flag_reason`: amount_mismatch, currency_mismatch, gateway_mismatch).
   */
  flaggedAt: timestamp('flagged_at', { withTimezone: true }),
  flagReason: text('flag_reason'),
}, (t) => [
  uniqueIndex('payment_notifications_gateway_notify_key').on(t.gateway, t.notifyId),
  index('payment_notifications_trade_idx').on(t.outTradeNo),
  // Staff's queue of flagged notifications, newest first; the partial index holds only those.
  index('payment_notifications_flagged_idx').on(t.flaggedAt).where(sql`${t.flaggedAt} IS NOT NULL`),
]);

/**
 * Money given back: a payment that arrived for an order that could no longer take it, or the payment of a
 * paid physical order the buyer canceled before it shipped (`buyer_canceled`). One refund per payment.
 */
export const refunds = pgTable('refunds', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  paymentId: bigint('payment_id', { mode: 'number' }).notNull().references(() => payments.id),
  amount: integer('amount').notNull(),
  reason: text('reason', { enum: ['late_payment', 'duplicate_payment', 'order_canceled', 'buyer_canceled'] }).notNull(),
  state: text('state', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
  gatewayRefundNo: text('gateway_refund_no'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('refunds_payment_key').on(t.paymentId),
  check('refunds_amount_valid', sql`${t.amount} >= 0`),
]);
