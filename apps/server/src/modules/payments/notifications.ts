import { randomBytes } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fail, type FieldErrors } from '../../platform/errors.ts';
import type { ReasonCode } from '@lantern/domain';
import type { GatewayNotification, ReceivedNotification } from '../../platform/payment-gateway.ts';
import { completePaidOrder, lockOrderForPayment, runAfterCommit, type CompletionOutcome } from '../orders/index.ts';
import { isGatewayMethod } from './methods.ts';
import { recordRefund, settleRefund, type RefundReason } from './refunds.ts';
import { paymentNotifications, payments } from './tables.ts';

type Outcome = 'applied' | 'ignored' | 'refunded' | 'refused';
/** Unverified notifications one address may send in an hour before it is refused without being stored. */
export const UNVERIFIED_NOTIFICATIONS_PER_HOUR = 30;

/** What the notify endpoint answers: 200 `success` (the gateway stops sending), or 400 with the reason. */
export type NotifyAnswer = { ok: true } | { ok: false; errors: FieldErrors };

/** Why a genuine notification was refused and put before staff: money may have moved that we did not ask for. */
type FlagReason = 'amount_mismatch' | 'currency_mismatch' | 'gateway_mismatch';

/** How a notification was applied, what to answer, the refund to ask the gateway for once committed, and any flag. */
interface Applied {
  outcome: Outcome;
  answer: NotifyAnswer;
  refundId?: number;
  flag?: { reason: FlagReason; expected: Record<string, unknown> };
  /** The completion, whose work after commit (the supplier) is started once the transaction committed. */
  completion?: CompletionOutcome;
}
const refused = (field: string, reason: ReasonCode): Applied => ({ outcome: 'refused', answer: { ok: false, errors: { [field]: [reason] } } });
const flagged = (field: string, reason: FlagReason, expected: Record<string, unknown>): Applied => ({ ...refused(field, 'mismatch'), flag: { reason, expected } });
const done = (outcome: Outcome, refundId?: number): Applied => ({ outcome, answer: { ok: true }, refundId });

/**
 * POST /api/payments/notify/:gateway. Every notification about a trade is stored as received. A bad
 * signature is refused (400 `sign: invalid`); a genuine one is applied at most once — the unique
 * (gateway, notify_id) key decides (the provider's own event id), so a replay answers `success` and does
 * nothing. Applying happens under the order's row lock and, for money that arrives when the order can no
 * longer take it, ends in a refund, never in silence. A genuine one whose amount, currency or gateway
 * disagrees with the payment is refused and flagged for staff, never applied.
 */
export async function receiveNotification(deps: Deps, gatewayName: string, received: ReceivedNotification & { payload: Record<string, unknown> }, ip: string): Promise<NotifyAnswer> {
  const gateway = deps.paymentGateways.byName(gatewayName);
  if (!gateway) throw fail.notFound();
  const now = deps.clock.now();
  const { fields, payload } = received;
  const verified = gateway.verifyNotification(received);
  if (!verified.ok) {
    // Forgeries are kept for the record, but an address that keeps sending them is turned away before it can
    // fill the table; genuine notifications never count here.
    const forged = await deps.limiter.hit(`notify_unverified:${ip}`, UNVERIFIED_NOTIFICATIONS_PER_HOUR, 3600);
    if (!forged.allowed) throw fail.tooMany('rate_limit', forged.retryAfter);
    // Kept for the record under a notify id of its own: an unsigned sender must not be able to occupy a
    // genuine notification's id (the payload keeps what it sent).
    await deps.db.insert(paymentNotifications).values({
      gateway: gateway.name, notifyId: `${fields.notify_id ?? fields.id ?? ''}#unverified:${randomBytes(8).toString('hex')}`,
      outTradeNo: fields.out_trade_no ?? null, payload, verified: false, outcome: 'refused', receivedAt: now,
    });
    return { ok: false, errors: { [verified.field]: [verified.reason] } };
  }
  // Genuine, but about nothing the store acts on (another kind of event): acknowledged so it is not sent again.
  if (!verified.notification) return { ok: true };
  const notification = verified.notification;

  const result = await deps.db.transaction(async (tx): Promise<Applied | null> => {
    const [stored] = await tx.insert(paymentNotifications)
      .values({ gateway: gateway.name, notifyId: notification.notifyId, outTradeNo: notification.outTradeNo, payload, verified: true, outcome: 'received', receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: paymentNotifications.id });
    // Seen before: a replay does nothing and is told what the gateway wants to hear.
    if (!stored) return null;
    const applied = await apply(tx, deps, gateway.name, notification, now);
    await tx.update(paymentNotifications)
      .set({ outcome: applied.outcome, ...(applied.flag && { flaggedAt: now, flagReason: applied.flag.reason }) })
      .where(eq(paymentNotifications.id, stored.id));
    return applied;
  });
  if (!result) return { ok: true };
  if (result.flag) {
    deps.log.error({
      gateway: gateway.name, notifyId: notification.notifyId, outTradeNo: notification.outTradeNo, flagReason: result.flag.reason,
      received: { amount: notification.amount, currency: notification.currency, gateway: gateway.name }, expected: result.flag.expected,
    }, 'payment notification flagged for staff: a genuine notification disagrees with our payment and was not applied');
  }
  // Not awaited: the gateway's answer does not wait for the supplier (runAfterCommit never throws).
  if (result.completion) void runAfterCommit(deps, result.completion);
  if (result.refundId !== undefined) await settleRefund(deps, result.refundId);
  return result.answer;
}

async function apply(tx: Tx, deps: Deps, gateway: string, notification: GatewayNotification, now: Date): Promise<Applied> {
  const [found] = await tx.select({ orderId: payments.orderId }).from(payments).where(eq(payments.outTradeNo, notification.outTradeNo)).limit(1);
  if (!found) return refused('out_trade_no', 'not_found');
  // Lock order first, then payment: the order the pay call takes them in, so the two never deadlock.
  await lockOrderForPayment(tx, found.orderId);
  const [payment] = await tx.select().from(payments).where(eq(payments.outTradeNo, notification.outTradeNo)).for('update');
  if (!payment || !isGatewayMethod(payment.method)) return refused('out_trade_no', 'invalid');
  if (payment.gateway !== gateway) return flagged('gateway', 'gateway_mismatch', { gateway: payment.gateway });
  if (notification.currency !== payment.currency) return flagged('currency', 'currency_mismatch', { currency: payment.currency });
  if (notification.amount !== payment.amount) return flagged('amount', 'amount_mismatch', { amount: payment.amount });
  // A trade the buyer has not paid yet (a delayed method): on record, nothing to do until its money is told.
  if (notification.status === 'pending') return done('ignored');

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
