import { SITES, type Area } from '@lantern/domain';
import type { TestApp } from './harness.ts';
import { orderGames, orders } from '../../src/modules/orders/tables.ts';
import type { skus } from '../../src/modules/catalog/tables.ts';
import { completePaidOrder, runAfterCommit } from '../../src/modules/orders/index.ts';
import { importKeys } from '../../src/modules/keys/index.ts';

type Sku = typeof skus.$inferSelect;
const MINUTE = 60_000;

/**
 * A pending order straight in the database (no API round trip): one line per SKU at its list price (one
 * unit each unless told), the cate taken from the first SKU's product unless told. Tests that need many orders at once use this.
 */
export async function makePendingOrder(t: TestApp, accountId: number, lines: Sku[], options: { cate?: 'game' | 'virtual' | 'physical'; area?: Area; quantity?: number } = {}) {
  const now = t.clock.now();
  const area = options.area ?? lines[0]?.area ?? 'native';
  const quantity = options.quantity ?? 1;
  const total = lines.reduce((sum, s) => sum + s.listPrice * quantity, 0);
  const [order] = await t.deps.db
    .insert(orders)
    .values({
      accountId, area, type: 'one_click', cate: options.cate ?? 'game', state: 'pending', currency: SITES[area].currency, listAmount: total,
      subtotalAmount: total, couponAmount: 0, totalAmount: total, createdAt: now, expiresAt: new Date(now.getTime() + 30 * MINUTE),
    })
    .returning({ id: orders.id });
  if (lines.length > 0) {
    await t.deps.db.insert(orderGames).values(lines.map((s) => ({
      orderId: order!.id, accountId, skuId: s.id, productId: s.productId, skuName: s.skuName, quantity, listPrice: s.listPrice,
      salePrice: s.listPrice, couponAmount: 0, amount: s.listPrice * quantity,
    })));
  }
  return order!.id;
}

/**
 * Completes an order as a payment would: completePaidOrder in a transaction of its own, then what it
 * left for after the commit (the supplier's attempt), awaited here so tests see its outcome.
 */
export async function payOrder(t: TestApp, orderId: number) {
  const outcome = await t.deps.db.transaction((tx) => completePaidOrder(tx, t.deps, orderId, t.clock.now()));
  await runAfterCommit(t.deps, outcome);
  return outcome;
}

/** A pending order for the SKUs, then paid: its id. */
export async function makePaidOrder(t: TestApp, accountId: number, lines: Sku[], options: { cate?: 'game' | 'virtual' | 'physical'; quantity?: number } = {}) {
  const id = await makePendingOrder(t, accountId, lines, options);
  const outcome = await payOrder(t, id);
  if (outcome.outcome !== 'completed') throw new Error(`order ${id} not completed: ${outcome.outcome}`);
  return id;
}

let keySequence = 0;
/** Distinct Steam-looking codes. */
export function steamCodes(n: number, prefix = 'TEST') {
  return Array.from({ length: n }, () => `${prefix}${String(++keySequence).padStart(1, '0')}-AAAAA-${String(keySequence).padStart(5, '0')}`);
}

/** Keys straight into a SKU's pool through the import service. */
export function stockKeys(t: TestApp, skuId: number, codes: string[], keyType: 'steam' | 'uplay' | 'epic' | 'origin' | 'gog' | 'other' = 'steam') {
  return importKeys(t.deps, { skuId, keyType, codes, source: 'api', importedBy: null });
}

/**
 * Keys in the pool for a flash sale of `units` of a SKU about to be put on sale: the sale sets them aside, and
 * refuses units without a key (docs/product/deals.md#flash-sale-keys).
 */
export async function keysForSale(t: TestApp, skuId: number, units: number) {
  if (units > 0) await stockKeys(t, skuId, steamCodes(units, `SALE${skuId}X`));
}
