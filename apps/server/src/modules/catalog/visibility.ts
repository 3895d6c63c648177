import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { filterSkusByRegion, type Area } from '@lantern/domain';
import { skus } from './tables.ts';

/**
 * Which SKUs a shopper sees. Lists (search, rows, suggestions) show what can be bought or pre-ordered;
 * a SKU page also shows one taken off sale (`off`, "not available"), and `unpublished` is never shown.
 */
export const LISTED_STATUSES = ['sale', 'pre_sale'] as const;

/** Lower-cased, trimmed: region codes compare the way the domain's `isSkuInRegion` compares them. */
export function normalizeRegion(region: string): string {
  return region.trim().toLowerCase();
}

/**
 * The SQL form of the domain's region rule (`isSkuInRegion`, docs/product/catalogue.md#sku-region): no region, or the viewer's. Lists
 * need it in SQL so that paging and total counts are right; single SKUs and small sets go through
 * `filterSkusByRegion` itself.
 */
export function inRegionSql(region: string): SQL {
  return sql`(coalesce(btrim(${skus.region}), '') = '' or lower(btrim(${skus.region})) = ${normalizeRegion(region)})`;
}

/** Listed on a site for a region: on the area, on sale or pre-sale, and not region-locked away. */
export function listedSql(area: Area, region: string): SQL {
  return and(eq(skus.area, area), inArray(skus.status, [...LISTED_STATUSES]), inRegionSql(region))!;
}

/** Viewable on a site (a SKU page): on the area and published; the region rule is applied on top. */
export function viewableSql(area: Area): SQL {
  return and(eq(skus.area, area), ne(skus.status, 'unpublished'))!;
}

/** Keeps the SKUs a viewer may see on their site: right area, not unpublished, the region rule. */
export function keepViewable<T extends { sku: { area: Area; status: string; region: string | null } }>(rows: readonly T[], area: Area, region: string): T[] {
  const onArea = rows.filter((r) => r.sku.area === area && r.sku.status !== 'unpublished');
  const allowed = new Set(filterSkusByRegion(onArea.map((r) => r.sku), region));
  return onArea.filter((r) => allowed.has(r.sku));
}

/** Keeps the SKUs a list may show: viewable and on sale or pre-sale. */
export function keepListed<T extends { sku: { area: Area; status: string; region: string | null } }>(rows: readonly T[], area: Area, region: string): T[] {
  return keepViewable(rows, area, region).filter((r) => (LISTED_STATUSES as readonly string[]).includes(r.sku.status));
}
