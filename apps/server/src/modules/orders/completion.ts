import { eq } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db/client.ts';
import { loadSkuRows } from '../catalog/index.ts';
import { deliverOrderKeys } from '../keys/index.ts';
import { grantLibraryGames } from '../library/index.ts';
import { orderGames, orders, shipments } from './tables.ts';

export type CompletionOutcome =
  | { outcome: 'completed'; orderId: number }
  /** Already completed by an earlier payment: the caller must not take the money again. */
  | { outcome: 'already_completed'; orderId: number }
  /** Canceled or past its payment window: the money has to go back. */
  | { outcome: 'not_payable'; orderId: number; reason: 'canceled' | 'expired' };

/**
 * Completes a paid order inside the caller's transaction (the one that records the payment), so money
 * and goods move together or not at all. Locks the order row; an order still unpaid and inside its
 * window becomes completed, each key line gets its key (or waits for one: docs/product/buying.md#key-delivery), the games join the
 * buyer's library, and a physical order gets its shipment. Anything else tells the caller why not.
 */
export async function completePaidOrder(tx: Tx, deps: Deps, orderId: number, now: Date): Promise<CompletionOutcome> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new Error(`order ${orderId} vanished under a payment`);
  if (order.state === 'completed') return { outcome: 'already_completed', orderId };
  if (order.state === 'canceled') return { outcome: 'not_payable', orderId, reason: order.cancelReason === 'expired' ? 'expired' : 'canceled' };
  if (order.expiresAt.getTime() <= now.getTime()) return { outcome: 'not_payable', orderId, reason: 'expired' };

  await tx.update(orders).set({ state: 'completed', completedAt: now, version: order.version + 1 }).where(eq(orders.id, orderId));
  const lines = await tx.select().from(orderGames).where(eq(orderGames.orderId, orderId)).orderBy(orderGames.id);
  const rows = new Map((await loadSkuRows(tx, lines.map((l) => l.skuId))).map((r) => [r.sku.id, r]));
  const paid = lines.map((line) => {
    const row = rows.get(line.skuId);
    if (!row) throw new Error(`order ${orderId} holds an unknown SKU ${line.skuId}`);
    return { line, row };
  });

  await deliverOrderKeys(tx, deps, paid, now);
  await grantLibraryGames(tx, paid, now);
  if (order.cate === 'physical') await tx.insert(shipments).values({ orderId, state: 'preparing', updatedAt: now });
  return { outcome: 'completed', orderId };
}
