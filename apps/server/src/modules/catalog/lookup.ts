import { eq } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { products, skus } from './tables.ts';
import { keepViewable } from './visibility.ts';
import type { Viewer } from '../../platform/viewer.ts';

/**
 * A SKU the viewer may open: on this site's area, not unpublished, and passing the region rule (docs/product/catalogue.md#sku-region);
 * anything else is a 404, the same answer as a SKU that does not exist.
 */
export async function findViewableSku(deps: Deps, viewer: Viewer, id: number) {
  const [row] = await deps.db
    .select({ sku: skus, product: products })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(eq(skus.id, id))
    .limit(1);
  if (!row || keepViewable([row], viewer.area, viewer.region).length === 0) throw fail.notFound();
  return row;
}
