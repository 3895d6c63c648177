import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { flashKeysReturnAtSec, flashUnitsBacking, isKeyedKind } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { fail } from '../../platform/errors.ts';
import type { PeriodicJob } from '../../platform/jobs.ts';
import type { SkuRow } from '../catalog/index.ts';
import { isSupplierSku, pushKeyArrivals, returnKeysSetAside, setKeysAside, type KeyHoldSource } from '../keys/index.ts';
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
  const supplierUnits = await backUnits(tx, item.id, item.stock, sku);
  if (supplierUnits > 0) await tx.update(seckillItems).set({ supplierUnits }).where(eq(seckillItems.id, item.id));
}

/**
 * Sets aside the keys of `units` more units of an item and answers how many of them the supplier backs; refuses
 * (`stock: no_inventory`, with the keys there are) when the pool is short and no supplier backs the rest.
 */
async function backUnits(tx: Tx, itemId: number, units: number, sku: SkuRow): Promise<number> {
  if (!isKeyedKind(sku.kind)) return 0;
  const keysSetAside = await setKeysAside(tx, sku.sku.id, holdOf(itemId), units);
  if (keysSetAside === units) return 0;
  const backing = flashUnitsBacking({ units, keysSetAside, supplier: await isSupplierSku(tx, sku.sku.id) });
  if ('refused' in backing) throw fail.unprocessable('stock', backing.refused, { sku_id: sku.sku.id, keys: backing.keys });
  return backing.supplierUnits;
}

/**
 * Staff add units to an item on sale (PATCH /api/admin/sec_kills/{id} with `items`): under the item's row lock,
 * each added unit's key is set aside as at creation, then `stock` and `left` grow together. The gates read
 * `left` again within a second. An item whose keys already went back (the event over) takes no more.
 */
export async function addUnits(tx: Tx, eventId: number, skuId: number, units: number, sku: SkuRow): Promise<void> {
  const [item] = await tx.select().from(seckillItems).where(and(eq(seckillItems.eventId, eventId), eq(seckillItems.skuId, skuId))).for('update');
  if (!item) throw fail.unprocessable('sku_id', 'status_invalid');
  if (item.keysReturnedAt !== null) throw fail.unprocessable('event', 'inactive');
  const supplierUnits = await backUnits(tx, item.id, units, sku);
  await tx.update(seckillItems).set({
    stock: sql`${seckillItems.stock} + ${units}`, left: sql`${seckillItems.left} + ${units}`, supplierUnits: sql`${seckillItems.supplierUnits} + ${supplierUnits}`,
  }).where(eq(seckillItems.id, item.id));
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
    const back = await deps.db.transaction(async (tx) => {
      const [item] = await tx.update(seckillItems).set({ keysReturnedAt: deps.clock.now() })
        .where(and(eq(seckillItems.id, c.itemId), isNull(seckillItems.keysReturnedAt))).returning({ id: seckillItems.id, skuId: seckillItems.skuId });
      return item ? returnKeysSetAside(tx, deps, item.skuId, holdOf(item.id)) : { returned: 0, events: [] };
    });
    await pushKeyArrivals(deps, back.events);
    returned += back.returned;
  }
  if (returned > 0) deps.log.info({ keys: returned }, 'keys set aside for ended flash sales back in the pool');
  return returned;
}

export const endedSaleKeysJob: PeriodicJob = {
  name: 'promotions.seckill-keys-return',
  everyMs: 60_000,
  run: returnEndedSaleKeys,
};
