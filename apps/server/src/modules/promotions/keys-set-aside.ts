import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { flashKeysReturnAtSec, flashUnitsBacking, isKeyedKind } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { fail } from '../../platform/errors.ts';
import type { PeriodicJob } from '../../platform/jobs.ts';
import type { SkuRow } from '../catalog/index.ts';
import { isSupplierSku, returnKeysSetAside, setKeysAside, type KeyHoldSource } from '../keys/index.ts';
import { seckillEvents, seckillItems, seckillPurchases } from './tables.ts';

/**
 * A flash sale never sells what it cannot deliver (docs/product/deals.md#flash-sale-keys): every unit of a
 * keyed item has its key set aside in the key pool when the item is put on sale, under the item's own name,
 * so ordinary orders cannot take it and the sale's paid units always find one. A SKU the supplier sells on
 * demand may put more units on sale than keys set aside; those are the supplier's and the page says so.
 */
export const holdOf = (itemId: number) => `seckill_item:${itemId}`;

/**
 * Sets aside the keys of an item just written (in the staff's transaction): as many as its units, from the
 * SKU's open pool. Refused `stock: no_inventory` (with the keys there are) when the pool is short and no
 * supplier backs the rest; otherwise the rest is recorded as the supplier's units.
 */
export async function backItemWithKeys(tx: Tx, item: { id: number; stock: number }, sku: SkuRow): Promise<void> {
  if (!isKeyedKind(sku.kind)) return;
  const keysSetAside = await setKeysAside(tx, sku.sku.id, holdOf(item.id), item.stock);
  if (keysSetAside === item.stock) return;
  const backing = flashUnitsBacking({ units: item.stock, keysSetAside, supplier: await isSupplierSku(tx, sku.sku.id) });
  if ('refused' in backing) throw fail.unprocessable('stock', backing.refused, { sku_id: sku.sku.id, keys: backing.keys });
  await tx.update(seckillItems).set({ supplierUnits: backing.supplierUnits }).where(eq(seckillItems.id, item.id));
}

/** Keys hears which sale each paid flash-sale line was sold by: the item its order's unit came from. */
export const seckillKeyHolds: KeyHoldSource = {
  orderTypes: ['seckill'],
  async holdsOf(tx, lines) {
    const rows = await tx.select({ orderId: seckillPurchases.orderId, itemId: seckillPurchases.itemId }).from(seckillPurchases)
      .where(inArray(seckillPurchases.orderId, [...new Set(lines.map((l) => l.line.orderId))]));
    const itemOf = new Map(rows.map((r) => [r.orderId!, r.itemId]));
    const holds = new Map<number, string>();
    for (const { line } of lines) {
      const itemId = itemOf.get(line.orderId);
      if (itemId !== undefined) holds.set(line.id, holdOf(itemId));
    }
    return holds;
  },
};

/**
 * The keys of items whose event is over go back to the open pool: once the event's window ended (or staff
 * closed it) and its last orders can no longer be paid (`flashKeysReturnAtSec`). Each item once: its row is
 * marked in the same transaction, locked so two instances never both return it. Answers how many keys went back.
 */
export async function returnEndedSaleKeys(deps: Deps): Promise<number> {
  const nowSec = toTimestamp(deps.clock.now());
  const candidates = await deps.db.select({ itemId: seckillItems.id, toAt: seckillEvents.toAt, closedAt: seckillEvents.closedAt, closed: seckillEvents.closed })
    .from(seckillItems).innerJoin(seckillEvents, eq(seckillEvents.id, seckillItems.eventId))
    .where(and(isNull(seckillItems.keysReturnedAt), or(lt(seckillEvents.toAt, deps.clock.now()), eq(seckillEvents.closed, true))));
  let returned = 0;
  for (const c of candidates) {
    const closedAtSec = c.closed ? toTimestamp(c.closedAt ?? c.toAt) : null;
    if (flashKeysReturnAtSec({ toSec: toTimestamp(c.toAt), closedAtSec }) > nowSec) continue;
    returned += await deps.db.transaction(async (tx) => {
      const [item] = await tx.update(seckillItems).set({ keysReturnedAt: deps.clock.now() })
        .where(and(eq(seckillItems.id, c.itemId), isNull(seckillItems.keysReturnedAt))).returning({ id: seckillItems.id });
      if (!item) return 0;
      const back = await returnKeysSetAside(tx, holdOf(item.id));
      return back.reduce((sum, b) => sum + b.returned, 0);
    });
  }
  if (returned > 0) deps.log.info({ keys: returned }, 'keys set aside for ended flash sales back in the pool');
  return returned;
}

export const endedSaleKeysJob: PeriodicJob = {
  name: 'promotions.seckill-keys-return',
  everyMs: 60_000,
  run: returnEndedSaleKeys,
};
