import type { PaymentSummary, Shipment, SkuCovers } from '@lantern/contract';
import type { DbOrTx } from '../../platform/db/client.ts';
import { skuCoversOf } from '../catalog/index.ts';
import { keysOfLines, paymentsOfOrders, type LineKeys } from './presentation-sources.ts';
import { shipmentsOf } from './shipments.ts';

/** What an order shows besides its own rows: payments, each line's keys and delivery, its SKUs' covers, the shipment. */
export interface OrderExtras {
  payments?: Map<number, PaymentSummary[]>;
  keys?: Map<number, LineKeys>;
  shipments?: Map<number, Shipment>;
  /** Current cover art by SKU id: every line shows one. */
  covers: Map<number, SkuCovers>;
}

/** Payments, keys of the lines, covers of their SKUs and shipments of the orders: four queries whatever the number of orders. */
export async function loadOrderExtras(db: DbOrTx, orderIds: readonly number[], lines: readonly { id: number; skuId: number }[]): Promise<OrderExtras> {
  const [payments, keys, shipments, covers] = await Promise.all([
    paymentsOfOrders(db, orderIds),
    keysOfLines(db, lines.map((l) => l.id)),
    shipmentsOf(db, orderIds),
    skuCoversOf(db, lines.map((l) => l.skuId)),
  ]);
  return { payments, keys, shipments, covers };
}
