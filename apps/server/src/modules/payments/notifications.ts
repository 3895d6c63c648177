import { randomBytes } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fail, type FieldErrors } from '../../platform/errors.ts';
import type { GatewayNotification } from '../../platform/payment-gateway.ts';
import { completePaidOrder, lockOrderForPayment, runAfterCommit, type CompletionOutcome } from '../orders/index.ts';
import { isGatewayMethod } from './methods.ts';
import { recordRefund, settleRefund, type RefundReason } from './refunds.ts';
import { paymentNotifications, payments } from './tables.ts';

type Outcome = 'applied' | 'ignored' | 'refunded' | 'refused';
/** Unverified notifications one address may send in an hour before it is refused without being stored. */
export const UNVERIFIED_NOTIFICATIONS_PER_HOUR = 30;

/** What the notify endpoint answers: 200 `success` (the gateway stops sending), or 400 with the reason. */
export type NotifyAnswer = { ok: true } | { ok: false; errors: FieldErrors };

/** How a notification was applied, what to answer, and the refund to ask the gateway for once committed. */
interface Applied {
  outcome: Outcome;
  answer: NotifyAnswer;
  refundId?: number;
  /** The completion, whose work after commit (the supplier) is started once the transaction committed. */
  completion?: CompletionOutcome;
}
const refused = (field: string, reason: string): Applied => ({ outcome: 'refused', answer: { ok: false, errors: { [field]: [reason] } } });
const done = (outcome: Outcome, refundId?: number): Applied => ({ outcome, answer: { ok: true }, refundId });

/**
 * POST /api/payments/notify/:gateway. Every notification is stored as received. A bad signature is
 * refused (400 `sign: invalid`); a genuine one is applied at most once — the unique (gateway, notify_id)
 * key decides, so a replay answers `success` and does nothing. Applying happens under the order's row lock
 * and, for money that arrives when the order can no longer take it, ends in a refund, never in silence.
 */
export async function receiveNotification(deps: Deps, gateway: string, fields: Record<string, string>, ip: string): Promise<NotifyAnswer> {
  if (gateway !== deps.paymentGateway.name) throw fail.notFound();
  const now = deps.clock.now();
  const verified = deps.paymentGateway.verifyNotification(fields);
  if (!verified.ok) {
    // Forgeries are kept for the record, but an address that keeps sending them is turned away before it can
    // fill the table; genuine notifications never count here.
    const forged = await deps.limiter.hit(`notify_unverified:${ip}`, UNVERIFIED_NOTIFICATIONS_PER_HOUR, 3600);
    if (!forged.allowed) throw fail.tooMany('rate_limit', forged.retryAfter);
    // Kept for the record under a notify id of its own: an unsigned sender must not be able to occupy a
    // genuine notification's id (the payload keeps what it sent).
    await deps.db.insert(paymentNotifications).values({
      gateway, notifyId: `${fields.notify_id ?? ''}#unverified:${randomBytes(8).toString('hex')}`, outTradeNo: fields.out_trade_no ?? null,
      payload: fields, verified: false, outcome: 'refused', receivedAt: now,
    });
    return { ok: false, errors: { [verified.field]: [verified.reason] } };
  }
  const notification = verified.notification;

  const result = await deps.db.transaction(async (tx): Promise<Applied | null> => {
    const [stored] = await tx.insert(paymentNotifications)
      .values({ gateway, notifyId: notification.notifyId, outTradeNo: notification.outTradeNo, payload: fields, verified: true, outcome: 'received', receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: paymentNotifications.id });
    // Seen before: a replay does nothing and is told what the gateway wants to hear.
    if (!stored) return null;
    const applied = await apply(tx, deps, notification, now);
    await tx.update(paymentNotifications).set({ outcome: applied.outcome }).where(eq(paymentNotifications.id, stored.id));
    return applied;
  });
  if (!result) return { ok: true };
  // Not awaited: the gateway's answer does not wait for the supplier (runAfterCommit never throws).
  if (result.completion) void runAfterCommit(deps, result.completion);
  if (result.refundId !== undefined) await settleRefund(deps, result.refundId);
  return result.answer;
}

async function apply(tx: Tx, deps: Deps, notification: GatewayNotification, now: Date): Promise<Applied> {
  const [found] = await tx.select({ orderId: payments.orderId }).from(payments).where(eq(payments.outTradeNo, notification.outTradeNo)).limit(1);
  if (!found) return refused('out_trade_no', 'not_found');
  // Lock order first, then payment: the order the pay call takes them in, so the two never deadlock.
  await lockOrderForPayment(tx, found.orderId);
  const [payment] = await tx.select().from(payments).where(eq(payments.outTradeNo, notification.outTradeNo)).for('update');
  if (!payment || !isGatewayMethod(payment.method)) return refused('out_trade_no', 'invalid');
  if (notification.currency !== payment.currency) return refused('currency', 'mismatch');
  if (notification.amount !== payment.amount) return refused('amount', 'mismatch');

  if (notification.status === 'failed') {
    // Notifications may arrive in any order: a failure never undoes money that arrived.
    if (payment.state !== 'created' && payment.state !== 'canceled') return done('ignored');
    await tx.update(payments).set({ state: 'failed', failureReason: 'gateway_failed', gatewayTradeNo: notification.gatewayTradeNo, updatedAt: now })
      .where(eq(payments.id, payment.id));
    return done('applied');
  }

  // Paid. The same money told twice (another notify id for a settled attempt) changes nothing.
  if (payment.state === 'succeeded' || payment.state === 'refunded') return done('ignored');
  const paid = { gatewayTradeNo: notification.gatewayTradeNo, paidAt: now, updatedAt: now };
  const completion = await completePaidOrder(tx, deps, payment.orderId, now);
  if (completion.outcome === 'completed') {
    await tx.update(payments).set({ ...paid, state: 'succeeded', failureReason: null }).where(eq(payments.id, payment.id));
    // Attempts still open can no longer be used for this order.
    await tx.update(payments).set({ state: 'canceled', updatedAt: now })
      .where(and(eq(payments.orderId, payment.orderId), ne(payments.id, payment.id), inArray(payments.state, ['created'])));
    return { ...done('applied'), completion };
  }
  const reason: RefundReason = completion.outcome === 'already_completed' ? 'duplicate_payment' : completion.reason === 'expired' ? 'late_payment' : 'order_canceled';
  await tx.update(payments).set({ ...paid, state: 'refunded', failureReason: reason }).where(eq(payments.id, payment.id));
  return done('refunded', await recordRefund(tx, payment.id, payment.amount, reason, now));
}
