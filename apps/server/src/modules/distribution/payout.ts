import { and, asc, eq, inArray, lte, not, sql } from 'drizzle-orm';
import { COMMISSION_HOLD_SECONDS } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { PeriodicJob } from '../../platform/jobs.ts';
import { creditWallet } from '../accounts/index.ts';
import { refundableOrderSql } from '../orders/index.ts';
import { distributionOrders } from './tables.ts';

/** Commissions credited per transaction: a large backlog is paid in several short transactions, not one long one. */
export const COMMISSION_PAYOUT_BATCH = 200;

/**
 * Credits one batch of payable commissions (docs/product/distribution.md#payout; domain `commissionPayable`):
 * earned at least `COMMISSION_HOLD_SECONDS` before `now` and on an order that can no longer be refunded. In
 * one transaction the batch's rows are locked (`FOR UPDATE SKIP LOCKED`: a second payout running at the same
 * time, on this instance or another, takes other rows or none), moved earned → paid, and each commission is
 * credited to its sharer's wallet with a `commission` ledger row keyed by its order (the ledger's unique
 * (order, reason) key: a commission can never be credited twice). Wallets are credited in (sharer, order)
 * order, so two batches never wait on each other's wallets in opposite orders. Answers how many were paid.
 */
export async function payCommissionBatch(deps: Deps, now: Date): Promise<number> {
  const earnedBy = new Date(now.getTime() - COMMISSION_HOLD_SECONDS * 1000);
  return deps.db.transaction(async (tx) => {
    const due = await tx.select({ orderId: distributionOrders.orderId, sharerId: distributionOrders.sharerId, currency: distributionOrders.currency, commission: distributionOrders.commission })
      .from(distributionOrders)
      .where(and(eq(distributionOrders.state, 'earned'), lte(distributionOrders.settledAt, earnedBy), not(refundableOrderSql(sql`${distributionOrders.orderId}`))))
      .orderBy(asc(distributionOrders.settledAt), asc(distributionOrders.orderId))
      .limit(COMMISSION_PAYOUT_BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    // The rows are locked by this transaction, so every one of them moves (the condition repeats the state anyway).
    const moved = await tx.update(distributionOrders).set({ state: 'paid', paidAt: now })
      .where(and(inArray(distributionOrders.orderId, due.map((d) => d.orderId)), eq(distributionOrders.state, 'earned')))
      .returning({ orderId: distributionOrders.orderId });
    const paid = new Set(moved.map((m) => m.orderId));
    const credits = due.filter((d) => paid.has(d.orderId) && d.commission > 0).sort((a, b) => a.sharerId - b.sharerId || a.orderId - b.orderId);
    for (const c of credits) await creditWallet(tx, { accountId: c.sharerId, currency: c.currency, amount: c.commission, reason: 'commission', orderId: c.orderId, now });
    return paid.size;
  });
}

/** Pays every payable commission, batch after batch, until a batch finds none left. Answers how many were paid. */
export async function payDueCommissions(deps: Deps, now: Date = deps.clock.now()): Promise<number> {
  let total = 0;
  for (;;) {
    const paid = await payCommissionBatch(deps, now);
    total += paid;
    if (paid < COMMISSION_PAYOUT_BATCH) return total;
  }
}

/** The payout as a periodic job (platform/jobs.ts): every minute, on one instance at a time. */
export const commissionPayoutJob: PeriodicJob = { name: 'commission payout', everyMs: 60_000, run: (deps) => payDueCommissions(deps) };
