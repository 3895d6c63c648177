import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { LineReservation, OrderReleaseStep } from '../orders/index.ts';
import { peripheralStock, peripheralStockHolds } from './tables.ts';

/**
 * Registered with orders' checkout: a peripheral's quantity is taken from its stock in the order's
 * transaction with one conditional UPDATE, SKU by SKU in id order (two orders of the same SKUs wait for each
 * other rather than deadlock). A SKU short of stock is answered back (the checkout refuses it, `no_inventory`,
 * and rolls everything back); a SKU without a stock row is not counted.
 */
export const takePeripheralStock: LineReservation = {
  name: 'peripheral stock',
  async reserve(tx, orderId, lines) {
    const physical = lines.filter((l) => l.row.kind === 'peripheral').sort((a, b) => a.row.sku.id - b.row.sku.id);
    const short: number[] = [];
    const held: { orderId: number; skuId: number; quantity: number }[] = [];
    for (const { row, quantity } of physical) {
      const skuId = row.sku.id;
      const taken = await tx.update(peripheralStock).set({ left: sql`${peripheralStock.left} - ${quantity}` })
        .where(and(eq(peripheralStock.skuId, skuId), gte(peripheralStock.left, quantity))).returning({ left: peripheralStock.left });
      if (taken.length > 0) held.push({ orderId, skuId, quantity });
      else if ((await tx.select({ skuId: peripheralStock.skuId }).from(peripheralStock).where(eq(peripheralStock.skuId, skuId))).length > 0) short.push(skuId);
    }
    if (short.length === 0 && held.length > 0) await tx.insert(peripheralStockHolds).values(held);
    return short;
  },
};

/** Registered with orders: the units of orders that ended unpaid go back to stock, once. */
export const returnPeripheralStock: OrderReleaseStep = {
  name: 'peripheral stock',
  async run(tx, orderIds) {
    const released = await tx.update(peripheralStockHolds).set({ released: true })
      .where(and(inArray(peripheralStockHolds.orderId, [...orderIds]), eq(peripheralStockHolds.released, false)))
      .returning({ skuId: peripheralStockHolds.skuId, quantity: peripheralStockHolds.quantity });
    const perSku = new Map<number, number>();
    for (const r of released) perSku.set(r.skuId, (perSku.get(r.skuId) ?? 0) + r.quantity);
    for (const [skuId, units] of [...perSku].sort(([a], [b]) => a - b)) {
      await tx.update(peripheralStock).set({ left: sql`${peripheralStock.left} + ${units}` }).where(eq(peripheralStock.skuId, skuId));
    }
  },
};

/** Sets what a peripheral has in stock (staff, demo data), or stops counting it with null. */
export async function setPeripheralStock(db: DbOrTx, skuId: number, left: number | null, now: Date): Promise<void> {
  if (left === null) {
    await db.delete(peripheralStock).where(eq(peripheralStock.skuId, skuId));
    return;
  }
  await db.insert(peripheralStock).values({ skuId, left, updatedAt: now })
    .onConflictDoUpdate({ target: peripheralStock.skuId, set: { left, updatedAt: now } });
}

/** Units left of each counted peripheral among the SKUs (absent: not counted). */
export async function peripheralStockOf(db: DbOrTx, skuIds: readonly number[]): Promise<Map<number, number>> {
  if (skuIds.length === 0) return new Map();
  const rows = await db.select({ skuId: peripheralStock.skuId, left: peripheralStock.left }).from(peripheralStock).where(inArray(peripheralStock.skuId, [...skuIds]));
  return new Map(rows.map((r) => [r.skuId, r.left]));
}
