import { asc, eq, inArray } from 'drizzle-orm';
import type { ProductDetail, SkuSummary } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { productRelations, products } from './tables.ts';
import { loadProductSkuRows } from './sku-rows.ts';
import { keepViewable, viewableSql } from './visibility.ts';
import { presentSkuMap } from './presenter.ts';
import type { Viewer } from '../../platform/viewer.ts';

/**
 * GET /api/products/{id}: the product with the SKUs left for this viewer on this site (docs/product/catalogue.md#sku-region),
 * its related products with theirs, and the developer's other games. A product left with no SKU is a
 * 404 (the web shows /404); related products left with none are dropped.
 */
export async function getProductDetail(deps: Deps, viewer: Viewer, id: number): Promise<ProductDetail> {
  const [product] = await deps.db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!product) throw fail.notFound();
  const relations = await deps.db
    .select()
    .from(productRelations)
    .where(eq(productRelations.productId, id))
    .orderBy(asc(productRelations.kind), asc(productRelations.position));
  const relatedIds = relations.map((r) => r.relatedProductId);
  const [rows, relatedProducts] = await Promise.all([
    loadProductSkuRows(deps.db, [id, ...relatedIds], viewableSql(viewer.area)),
    relatedIds.length === 0 ? [] : deps.db.select().from(products).where(inArray(products.id, relatedIds)),
  ]);
  const visible = keepViewable(rows, viewer.area, viewer.region);
  const own = visible.filter((r) => r.sku.productId === id);
  if (own.length === 0) throw fail.notFound();

  const summaries = await presentSkuMap(deps.db, visible);
  const skusOf = (productId: number): SkuSummary[] => visible.filter((r) => r.sku.productId === productId).map((r) => summaries.get(r.sku.id)!);
  const nameOf = new Map(relatedProducts.map((p) => [p.id, p.name]));
  const related = relations
    .filter((r) => r.kind === 'related')
    .map((r) => ({ id: r.relatedProductId, name: nameOf.get(r.relatedProductId)!, skus: skusOf(r.relatedProductId) }))
    .filter((r) => r.skus.length > 0 && r.name !== undefined);
  const developerSkus = relations.filter((r) => r.kind === 'developer').flatMap((r) => skusOf(r.relatedProductId).slice(0, 1));

  return {
    id: product.id,
    cate: product.cate,
    kind: product.kind,
    name: product.name,
    developer: product.developer,
    publisher: product.publisher,
    skus: skusOf(id),
    relation: related,
    developer_skus: developerSkus,
    relation_products_skus: related.flatMap((r) => r.skus),
  };
}
