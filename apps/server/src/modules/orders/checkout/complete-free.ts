import { completesWhenPlaced } from '@lantern/domain';
import type { Deps } from '../../../platform/deps.ts';
import type { Tx } from '../../../platform/db/client.ts';
import { completePaidOrder, type CompletionOutcome } from '../completion.ts';
import type { OrderLineRow, OrderRow } from './write-order.ts';

/** An order as placed, and the completion that ran when it had nothing to pay (its work after the commit). */
export interface PlacedMaybeFree {
  order: OrderRow;
  lines: OrderLineRow[];
  completion: CompletionOutcome | null;
}

/**
 * Free is free (docs/product/buying.md#free-orders): an order with nothing to pay completes in the transaction
 * that places it, through the same completion a payment runs (keys, library, shipment), so it never reaches a
 * payment page and is never half done. Any other order is answered as it was written.
 */
export async function completeIfFree(tx: Tx, deps: Deps, written: { order: OrderRow; lines: OrderLineRow[] }, now: Date): Promise<PlacedMaybeFree> {
  if (!completesWhenPlaced({ totalAmount: written.order.totalAmount, lines: written.lines })) return { ...written, completion: null };
  const completion = await completePaidOrder(tx, deps, written.order.id, now);
  if (completion.outcome !== 'completed') throw new Error(`free order ${written.order.id} not completed: ${completion.outcome}`);
  // As the completion wrote it (completePaidOrder moves state, completed_at and version), without reading it back.
  const order: OrderRow = { ...written.order, state: 'completed', completedAt: now, version: written.order.version + 1 };
  return { order, lines: written.lines, completion };
}
