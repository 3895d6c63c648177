import { and, eq } from 'drizzle-orm';
import type { PaidOrderRefund } from '../orders/index.ts';
import { awardScore, creditWallet } from '../accounts/index.ts';
import { payments, refunds } from './tables.ts';
import { recordRefund, settleRefund } from './refunds.ts';

/**
 * The money of a paid order the buyer canceled goes back to the method that paid it
 * (docs/product/buying.md#cancel-physical), in the cancel's transaction: the wallet is credited with its
 * ledger row and points are given back at once (the refund is recorded `succeeded`); a gateway payment gets a
 * pending refund, asked for once the cancel has committed and retried every minute until the gateway
 * confirms. The payment becomes `refunded`; one refund per payment (unique key) so it is never paid twice.
 */
export const refundCanceledPaidOrder: PaidOrderRefund = async (tx, _deps, order) => {
  const [paid] = await tx.select().from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.state, 'succeeded'))).for('update');
  // A zero-amount order (a grant) took no money: nothing to give back.
  if (!paid) return;
  await tx.update(payments).set({ state: 'refunded', updatedAt: order.now }).where(eq(payments.id, paid.id));
  if (paid.method === 'wallet' && paid.currency !== 'POINTS') {
    await creditWallet(tx, { accountId: paid.accountId, currency: paid.currency, amount: paid.amount, reason: 'refund', orderId: order.id, now: order.now });
    await tx.insert(refunds).values({ paymentId: paid.id, amount: paid.amount, reason: 'buyer_canceled', state: 'succeeded', createdAt: order.now, completedAt: order.now });
    return;
  }
  if (paid.method === 'points') {
    await awardScore(tx, paid.accountId, paid.amount, 'order_refund', { type: 'order', id: order.id });
    await tx.insert(refunds).values({ paymentId: paid.id, amount: paid.amount, reason: 'buyer_canceled', state: 'succeeded', createdAt: order.now, completedAt: order.now });
    return;
  }
  const refundId = await recordRefund(tx, paid.id, paid.amount, 'buyer_canceled', order.now);
  return (deps) => settleRefund(deps, refundId);
};
