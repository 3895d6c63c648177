import { and, eq } from 'drizzle-orm';
import { resolveRequestedSku } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { products, skus } from './tables.ts';
import { keepViewable, viewableSql } from './visibility.ts';
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

/**
 * The SKU a SKU page shows (docs/product/catalogue.md#requested-sku): the requested one when the viewer may open
 * it; for one of this site locked to another region, its product's first SKU the viewer may open (by edition);
 * 404 when there is none, or the SKU is not on this site at all.
 */
export async function findSkuForPage(deps: Deps, viewer: Viewer, id: number) {
  const [row] = await deps.db
    .select({ sku: skus, product: products })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(and(eq(skus.id, id), viewableSql(viewer.area)))
    .limit(1);
  if (!row) throw fail.notFound();
  if (keepViewable([row], viewer.area, viewer.region).length === 1) return row;
  const family = await deps.db
    .select({ sku: skus, product: products })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(and(eq(skus.productId, row.product.id), viewableSql(viewer.area)));
  const inRegion = keepViewable(family, viewer.area, viewer.region).sort((a, b) => a.sku.editionPosition - b.sku.editionPosition || a.sku.id - b.sku.id);
  const first = resolveRequestedSku(inRegion.map((r) => r.sku), id);
  const found = first && inRegion.find((r) => r.sku === first);
  if (!found) throw fail.notFound();
  return found;
}
