import { and, eq, inArray, or } from 'drizzle-orm';
import type { SkuDetail, SkuSummary } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { bundleItems, products, skus } from './tables.ts';
import { loadSkuRows, selectSkuRows, type SkuRow } from './sku-rows.ts';
import { keepViewable, viewableSql } from './visibility.ts';
import { presentSkuMap } from './presenter.ts';
import { loadEdition } from './edition.ts';
import { isWished } from './wishes.ts';
import { findSkuForPage } from './lookup.ts';
import type { Viewer } from '../../platform/viewer.ts';

const byEdition = (a: SkuRow, b: SkuRow) => a.sku.editionPosition - b.sku.editionPosition || a.sku.id - b.sku.id;

/**
 * Every SKU of the product's family on this area in one query: its editions, its DLC (products whose
 * base is this one) and, for a DLC, its base game's editions.
 */
async function loadFamily(deps: Deps, viewer: Viewer, productId: number, baseProductId: number | null) {
  const dlcProducts = deps.db.select({ id: products.id }).from(products).where(eq(products.baseProductId, productId));
  const family = or(
    eq(skus.productId, productId),
    inArray(skus.productId, dlcProducts),
    baseProductId === null ? undefined : eq(skus.productId, baseProductId),
  );
  const rows = await selectSkuRows(deps.db, and(viewableSql(viewer.area), family));
  return keepViewable(rows, viewer.area, viewer.region).sort(byEdition);
}

/**
 * Bundles holding the SKU with everything they hold, and what the SKU holds if it is a bundle: the
 * links in one query, the SKUs they name in another.
 */
async function loadBundles(deps: Deps, viewer: Viewer, skuId: number) {
  const holding = deps.db.select({ id: bundleItems.bundleSkuId }).from(bundleItems).where(eq(bundleItems.skuId, skuId));
  const links = await deps.db
    .select()
    .from(bundleItems)
    .where(or(eq(bundleItems.bundleSkuId, skuId), inArray(bundleItems.bundleSkuId, holding)))
    .orderBy(bundleItems.bundleSkuId, bundleItems.position, bundleItems.skuId);
  const ids = links.flatMap((l) => [l.bundleSkuId, l.skuId]);
  const rows = keepViewable(await loadSkuRows(deps.db, ids, viewableSql(viewer.area)), viewer.area, viewer.region);
  return { links, rows };
}

/**
 * GET /api/skus/{id}: one SKU with its edition, the product's editions, DLC, base game and bundles; for a SKU locked to
 * another region, its product's first SKU in the viewer's region (findSkuForPage).
 */
export async function getSkuDetail(deps: Deps, viewer: Viewer, id: number): Promise<SkuDetail> {
  const { sku, product } = await findSkuForPage(deps, viewer, id);
  const [family, bundles, edition, wished] = await Promise.all([
    loadFamily(deps, viewer, product.id, product.baseProductId),
    loadBundles(deps, viewer, sku.id),
    loadEdition(deps.db, sku),
    viewer.accountId === null ? false : isWished(deps.db, viewer.accountId, sku.id),
  ]);
  const self: SkuRow = { sku, cate: product.cate, kind: product.kind, baseProductId: product.baseProductId };
  const summaries = await presentSkuMap(deps.db, [self, ...family, ...bundles.rows]);
  const summary = (r: SkuRow) => summaries.get(r.sku.id)!;
  const pick = (ids: number[]) => ids.map((i) => summaries.get(i)).filter((s): s is SkuSummary => s !== undefined);

  const itemsOf = (bundleId: number) => pick(bundles.links.filter((l) => l.bundleSkuId === bundleId).map((l) => l.skuId));
  const bundleIds = [...new Set(bundles.links.filter((l) => l.skuId === sku.id).map((l) => l.bundleSkuId))];
  const base = product.baseProductId === null ? undefined : family.find((r) => r.sku.productId === product.baseProductId);

  return {
    ...summary(self),
    developer: product.developer,
    publisher: product.publisher,
    edition_profile: edition,
    editions: family.filter((r) => r.sku.productId === product.id).map(summary),
    dlcs: family.filter((r) => r.baseProductId === product.id && r.kind === 'dlc').map(summary),
    base_sku: base ? summary(base) : null,
    bundles: pick(bundleIds).map((b) => ({ ...b, items: itemsOf(b.id) })),
    bundle_items: itemsOf(sku.id),
    is_wished: wished,
  };
}
