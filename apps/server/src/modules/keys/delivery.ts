import { isKeyedKind } from '@lantern/domain';
import type { Tx } from '../../platform/db/client.ts';
import type { FulfilmentStep, PaidLine } from '../orders/index.ts';
import { keyDeliveries } from './tables.ts';
import { isSupplierSku, lockPool, takeKey, takeKeyAndDeliver } from './pool.ts';
import { orderFromSupplierAfterCommit, type SupplierUnit } from './supplier-orders.ts';

type DeliveryState = (typeof keyDeliveries.$inferSelect)['state'];

/**
 * Gives every unit of each keyed line of a paid order its key, inside the payment's transaction (docs/product/buying.md#key-delivery
 * "Ordering a Steam-type key"; a game line is one unit, a virtual good's line one code per unit bought):
 * a key from the SKU's pool → delivered; none, and the game not out yet → pre_ordered; none otherwise →
 * ordering. A supplier SKU's ordering unit is bought from the supplier only after the payment commits
 * (an outside call never holds the payment's locks): the step answers that work, and the supplier job
 * retries what it could not get. Units still waiting get keys when keys are imported (fillWaitingLines).
 */
export const keyDeliveryStep: FulfilmentStep = {
  name: 'key delivery',
  async run(tx, _deps, paid, now) {
    const forSupplier: SupplierUnit[] = [];
    // In SKU order: pool locks are then always taken in the same order, so two payments cannot deadlock.
    const keyed = paid.filter(({ row }) => isKeyedKind(row.kind)).sort((a, b) => a.row.sku.id - b.row.sku.id || a.line.id - b.line.id);
    for (const paidLine of keyed) {
      for (let unit = 1; unit <= paidLine.line.quantity; unit++) {
        const waiting = await deliverUnit(tx, paidLine, unit, now);
        if (waiting) forSupplier.push({ orderGameId: paidLine.line.id, unit });
      }
    }
    if (forSupplier.length === 0) return;
    return (deps) => orderFromSupplierAfterCommit(deps, forSupplier);
  },
};

/** Delivers one unit, or records why it waits. Answers true when the unit is left for the supplier. */
async function deliverUnit(tx: Tx, { line, row }: PaidLine, unit: number, now: Date): Promise<boolean> {
  const holder = { orderGameId: line.id, unit, accountId: line.accountId };
  // The common case, a stocked pool: the key and its delivered record in one statement.
  if (await takeKeyAndDeliver(tx, row.sku.id, { ...holder, orderId: line.orderId }, now)) return false;
  // Checked again under the SKU's pool lock: an import that committed meanwhile is seen now.
  await lockPool(tx, row.sku.id);
  const keyId = await takeKey(tx, row.sku.id, holder, now);
  let state: DeliveryState = 'delivered';
  let supplier = false;
  if (keyId === null) {
    supplier = await isSupplierSku(tx, row.sku.id);
    state = row.sku.releasedAt !== null && row.sku.releasedAt.getTime() > now.getTime() ? 'pre_ordered' : 'ordering';
  }
  const askSupplier = supplier && state === 'ordering';
  await tx.insert(keyDeliveries).values({
    orderGameId: line.id, unit, orderId: line.orderId, accountId: line.accountId, skuId: row.sku.id, state, source: supplier ? 'genba' : 'pool',
    // Due at once: if the attempt after commit never happens (the process stopped), the supplier job makes it.
    nextAttemptAt: askSupplier ? now : null,
    createdAt: now, deliveredAt: state === 'delivered' ? now : null,
  });
  return askSupplier;
}
