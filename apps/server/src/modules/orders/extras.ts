import type { Shipment, SkuCovers } from '@lantern/contract';
import type { DbOrTx } from '../../platform/db/client.ts';
import { skuCoversOf } from '../catalog/index.ts';
import { type LineKeys, keysOfLines } from '../keys/index.ts';
import { shipmentsOf } from './shipments.ts';

/** What an order shows besides its own rows: each line's key and delivery, its SKU's cover, and the shipment. */
export interface OrderExtras {
  keys?: Map<number, LineKeys>;
  shipments?: Map<number, Shipment>;
  /** Current cover art by SKU id: every line shows one. */
  covers: Map<number, SkuCovers>;
}

/** Keys of the lines, covers of their SKUs and shipments of the orders, in three queries whatever the number of orders. */
export async function loadOrderExtras(db: DbOrTx, orderIds: readonly number[], lines: readonly { id: number; skuId: number }[]): Promise<OrderExtras> {
  const [keys, shipments, covers] = await Promise.all([
    keysOfLines(db, lines.map((l) => l.id)),
    shipmentsOf(db, orderIds),
    skuCoversOf(db, lines.map((l) => l.skuId)),
  ]);
  return { keys, shipments, covers };
}
