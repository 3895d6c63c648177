import { eq } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db/client.ts';
import { loadSkuRows } from '../catalog/index.ts';
import { fulfilmentSteps, type AfterCommit, type PaidLine } from './fulfilment.ts';
import { lockOrderForPayment } from './own-order.ts';
import { orderUnpayableReason } from './payability.ts';
import { orderGames, orders } from './tables.ts';

export type CompletionOutcome =
  /** `afterCommit`: work the caller starts once its transaction has committed (see runAfterCommit). */
  | { outcome: 'completed'; orderId: number; afterCommit: readonly AfterCommit[] }
  /** Already completed by an earlier payment: the caller must not take the money again. */
  | { outcome: 'already_completed'; orderId: number }
  /** Canceled or past its payment window: the money has to go back. */
  | { outcome: 'not_payable'; orderId: number; reason: 'canceled' | 'expired' };

/**
 * Completes a paid order inside the caller's transaction (the one that records the payment), so money
 * and goods move together or not at all. Locks the order row; an order that may still be paid becomes
 * completed and every registered fulfilment step runs (keys, library, shipment). Anything else tells
 * the caller why not.
 */
export async function completePaidOrder(tx: Tx, deps: Deps, orderId: number, now: Date): Promise<CompletionOutcome> {
  const steps = fulfilmentSteps();
  const order = await lockOrderForPayment(tx, orderId);
  if (!order) throw new Error(`order ${orderId} vanished under a payment`);
  const unpayable = orderUnpayableReason(order, now);
  if (unpayable === 'completed') return { outcome: 'already_completed', orderId };
  if (unpayable !== null) return { outcome: 'not_payable', orderId, reason: unpayable };

  await tx.update(orders).set({ state: 'completed', completedAt: now, version: order.version + 1 }).where(eq(orders.id, orderId));
  const paid = await paidLinesOf(tx, orderId);
  const afterCommit: AfterCommit[] = [];
  for (const step of steps) {
    const later = await step.run(tx, deps, paid, now);
    if (later) afterCommit.push(later);
  }
  return { outcome: 'completed', orderId, afterCommit };
}

async function paidLinesOf(tx: Tx, orderId: number): Promise<PaidLine[]> {
  const lines = await tx.select().from(orderGames).where(eq(orderGames.orderId, orderId)).orderBy(orderGames.id);
  const rows = new Map((await loadSkuRows(tx, lines.map((l) => l.skuId))).map((r) => [r.sku.id, r]));
  return lines.map((line) => {
    const row = rows.get(line.skuId);
    if (!row) throw new Error(`order ${orderId} holds an unknown SKU ${line.skuId}`);
    return { line, row };
  });
}

/**
 * Starts what a completion left for after its commit (buying keys from the supplier). Never throws: a
 * failure is logged, and whatever was not done is picked up by the step's own retries.
 */
export async function runAfterCommit(deps: Deps, outcome: CompletionOutcome): Promise<void> {
  if (outcome.outcome !== 'completed') return;
  await Promise.all(outcome.afterCommit.map(async (work) => {
    try {
      await work(deps);
    } catch (err) {
      deps.log.error({ err, orderId: outcome.orderId }, 'work after an order completed failed; its retries will pick it up');
    }
  }));
}
