import { eq } from 'drizzle-orm';
import type { Deps } from '../platform/deps.ts';
import { products, skus } from '../modules/catalog/tables.ts';
import { setPeripheralStock } from '../modules/shop/index.ts';

/**
 * Stock for the demo peripherals on both sites (docs/product/deals.md#peripheral-stock): most have a few
 * dozen units and every seventh is down to its last three. None is sold out, so every demo product can be
 * ordered. Drawn from the SKU id, so a reseed gives the same counts.
 */
export async function seedPeripheralStock(deps: Deps): Promise<number> {
  const rows = await deps.db.select({ id: skus.id }).from(skus).innerJoin(products, eq(products.id, skus.productId)).where(eq(products.kind, 'peripheral'));
  const now = deps.clock.now();
  for (const { id } of rows) {
    const left = id % 7 === 0 ? 3 : 20 + ((id * 37) % 180);
    await setPeripheralStock(deps.db, id, left, now);
  }
  return rows.length;
}
