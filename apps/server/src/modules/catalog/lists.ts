import { and, asc, count, desc, eq, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Area } from '@lantern/domain';
import type { SkuSummary } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { products, skuTags, skus } from './tables.ts';
import { inOrderOf, loadSkuRows, selectSkuRows, type SkuRow } from './sku-rows.ts';
import { keepViewable, listedSql, viewableSql } from './visibility.ts';
import { presentSkus } from './presenter.ts';
import { findViewableSku } from './lookup.ts';
import type { Viewer } from '../../platform/viewer.ts';

/** How many SKUs the suggestions and the cross-sale row show. */
export const SUGGEST_SIZE = 8;
export const CROSS_SALE_SIZE = 8;

/**
 * GET /api/skus?type=simple&q[id_in][]=…: the SKUs asked for that the viewer may see, in the order asked
 * (a cart, a wish list or the headline editor's picker resolves ids through here).
 */
export async function skusByIds(deps: Deps, viewer: Viewer, ids: readonly number[]): Promise<SkuSummary[]> {
  const rows = keepViewable(await loadSkuRows(deps.db, ids, viewableSql(viewer.area)), viewer.area, viewer.region);
  return presentSkus(deps.db, inOrderOf(rows, ids));
}

/**
 * GET /api/suggest/skus: the area's top games by rank, for the empty search box and "you may like". Games
 * only: extras, bundles and peripherals are found from their own pages.
 */
export async function suggestSkus(deps: Deps, viewer: Viewer, limit = SUGGEST_SIZE): Promise<SkuSummary[]> {
  const rows = await selectSkuRows(deps.db, and(listedSql(viewer.area, viewer.region), eq(products.kind, 'game')))
    .orderBy(desc(skus.rank), asc(skus.id))
    .limit(limit);
  return presentSkus(deps.db, rows);
}

/**
 * The cross-sale row of a SKU (GET /api/skus/{id}/service): other products' SKUs sharing at least one tag
 * with it, by rank. Editions of the same product are not cross-sale.
 */
export async function crossSale(deps: Deps, viewer: Viewer, skuId: number): Promise<SkuSummary[]> {
  const { sku } = await findViewableSku(deps, viewer, skuId);
  const ownTags = deps.db.select({ id: skuTags.tagId }).from(skuTags).where(eq(skuTags.skuId, sku.id));
  const sharing = deps.db.selectDistinct({ id: skuTags.skuId }).from(skuTags).where(inArray(skuTags.tagId, ownTags));
  const rows = await selectSkuRows(deps.db, and(listedSql(viewer.area, viewer.region), ne(skus.productId, sku.productId), inArray(skus.id, sharing)))
    .orderBy(desc(skus.rank), asc(skus.id))
    .limit(CROSS_SALE_SIZE);
  return presentSkus(deps.db, rows);
}

/**
 * The top listed SKUs of each tag, by rank, for rows that show a tag (tagged rows of the home, the
 * peripheral shop's sections): one query for all tags (a window per tag), one for the rows.
 */
export async function topSkusByTag(
  db: DbOrTx,
  scope: { area: Area; region: string },
  tagIds: readonly number[],
  perTag: number,
  where?: SQL,
): Promise<Map<number, SkuRow[]>> {
  const unique = [...new Set(tagIds)];
  const result = new Map<number, SkuRow[]>(unique.map((id) => [id, []]));
  if (unique.length === 0) return result;
  const ranked = db
    .select({
      skuId: skuTags.skuId,
      tagId: skuTags.tagId,
      n: sql<number>`row_number() over (partition by ${skuTags.tagId} order by ${skus.rank} desc, ${skus.id} asc)`.as('n'),
    })
    .from(skuTags)
    .innerJoin(skus, eq(skus.id, skuTags.skuId))
    .where(and(inArray(skuTags.tagId, unique), listedSql(scope.area, scope.region), where))
    .as('ranked');
  const picks = await db.select({ skuId: ranked.skuId, tagId: ranked.tagId, n: ranked.n }).from(ranked).where(lte(ranked.n, perTag)).orderBy(ranked.tagId, ranked.n);
  const rows = await loadSkuRows(db, picks.map((p) => p.skuId));
  const byId = new Map(rows.map((r) => [r.sku.id, r]));
  for (const pick of picks) {
    const row = byId.get(pick.skuId);
    if (row) result.get(pick.tagId)!.push(row);
  }
  return result;
}

/** One tag's listed SKUs by rank, paged, with how many there are in all. */
export async function listedSkusOfTag(db: DbOrTx, scope: { area: Area; region: string }, tagId: number, page: number, per: number): Promise<{ rows: SkuRow[]; total: number }> {
  const tagged = db.select({ id: skuTags.skuId }).from(skuTags).where(eq(skuTags.tagId, tagId));
  const where = and(listedSql(scope.area, scope.region), inArray(skus.id, tagged));
  const [rows, [total]] = await Promise.all([
    selectSkuRows(db, where).orderBy(desc(skus.rank), asc(skus.id)).limit(per).offset((page - 1) * per),
    db.select({ n: count() }).from(skus).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
