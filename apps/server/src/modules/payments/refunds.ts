import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db/client.ts';
import { payments, refunds } from './tables.ts';
import type { PeriodicJob } from '../../platform/jobs.ts';

export type RefundReason = (typeof refunds.$inferSelect)['reason'];

/** Records that a payment's money goes back, in the transaction that decided it; one refund per payment (unique key). */
export async function recordRefund(tx: Tx, paymentId: number, amount: number, reason: RefundReason, now: Date): Promise<number> {
  const [row] = await tx.insert(refunds).values({ paymentId, amount, reason, state: 'pending', createdAt: now }).returning({ id: refunds.id });
  return row!.id;
}

/**
 * Asks the gateway for a pending refund, after the deciding transaction committed (a remote call does not
 * belong inside a transaction). It becomes `succeeded` with the gateway's reference; when the gateway cannot
 * be reached or refuses, it stays `pending` (logged) so that it is never lost and can be asked again.
 */
export async function settleRefund(deps: Deps, refundId: number): Promise<void> {
  const [row] = await deps.db
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.id, refundId), eq(refunds.state, 'pending')));
  if (!row) return;
  try {
    // Money goes back through the gateway that took it, whatever the configuration says for new payments.
    const gateway = deps.paymentGateways.byName(row.payment.gateway ?? '');
    if (!gateway) throw new Error(`gateway ${row.payment.gateway} of payment ${row.payment.id} is not configured`);
    // Keyed by our refund id, so two settlers racing (or a retry after a lost answer) refund once.
    const { refundNo } = await gateway.refund({
      outRefundNo: `LTR${row.refund.id}`,
      outTradeNo: row.payment.outTradeNo, gatewayTradeNo: row.payment.gatewayTradeNo, amount: row.refund.amount, currency: row.payment.currency,
      reason: row.refund.reason,
    });
    await deps.db.update(refunds).set({ state: 'succeeded', gatewayRefundNo: refundNo, completedAt: deps.clock.now() })
      .where(and(eq(refunds.id, refundId), eq(refunds.state, 'pending')));
  } catch (err) {
    deps.log.warn({ err, refundId }, 'refund not settled; it stays pending');
  }
}

/** Asks again for refunds still pending (the gateway was down); for a periodic sweep. Answers how many were tried. */
export async function settlePendingRefunds(deps: Deps, limit = 50): Promise<number> {
  const pending = await deps.db.select({ id: refunds.id }).from(refunds).where(eq(refunds.state, 'pending')).orderBy(refunds.id).limit(limit);
  for (const { id } of pending) await settleRefund(deps, id);
  return pending.length;
}

/** Pending refunds asked for again every minute, on one instance at a time (platform/jobs.ts). */
export const refundRetryJob: PeriodicJob = { name: 'refund retries', everyMs: 60_000, run: (deps) => settlePendingRefunds(deps) };
