import type { NotifyInput } from '../notifications/index.ts';
import type { SkuRow } from '../catalog/index.ts';
import type { FilledUnit } from './pool.ts';

/**
 * "Your key for X has arrived" (docs/product/messaging.md#key-arrived): one `key` notification per buyer and
 * order whose waiting units (pre-ordered, ordering from the supplier) just got their keys; several units of one
 * order make one notification (the order is its target). The excerpt is the SKU's name in its site's language,
 * the link the order, whose page shows the keys.
 */
export function keyArrivalNotices(sku: SkuRow['sku'], units: readonly FilledUnit[]): NotifyInput[] {
  const name = sku.area === 'native' ? sku.skuName.chs || sku.skuName.en : sku.skuName.en || sku.skuName.chs;
  const byOrder = new Map<number, FilledUnit>();
  for (const unit of units) if (!byOrder.has(unit.orderId)) byOrder.set(unit.orderId, unit);
  return [...byOrder.values()].map((unit) => ({
    recipientId: unit.accountId,
    kind: 'key',
    actorId: null,
    target: { type: 'Order', id: unit.orderId },
    excerpt: name,
    href: `/orders/${unit.orderId}`,
  }));
}
