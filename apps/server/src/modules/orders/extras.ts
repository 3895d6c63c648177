import type { Shipment } from '@lantern/contract';
import type { DbOrTx } from '../../platform/db/client.ts';
import { keysOfLines, type LineKeys } from '../keys/lists.ts';
import { shipmentsOf } from './shipments.ts';

/** What an order shows besides its own rows: each line's key and delivery, and the shipment. */
export interface OrderExtras {
  keys?: Map<number, LineKeys>;
  shipments?: Map<number, Shipment>;
}

/** Keys of the lines and shipments of the orders, in two queries whatever the number of orders. */
export async function loadOrderExtras(db: DbOrTx, orderIds: readonly number[], lineIds: readonly number[]): Promise<OrderExtras> {
  const [keys, shipments] = await Promise.all([keysOfLines(db, lineIds), shipmentsOf(db, orderIds)]);
  return { keys, shipments };
}
