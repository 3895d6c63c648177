import { asc, eq, inArray } from 'drizzle-orm';
import { discountPercent, effectiveSalePrice, SITES } from '@lantern/domain';
import { API, type CategoryRef, type SkuCovers, type SkuSummary, type TagRef } from '@lantern/contract';
import type { DbOrTx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { categories, skus, skuTags, tags } from './tables.ts';
import type { SkuRow } from './sku-rows.ts';

type TagRecord = typeof tags.$inferSelect;
type CategoryRecord = typeof categories.$inferSelect;

export function presentTag(tag: Pick<TagRecord, 'id' | 'name' | 'kind'>): TagRef {
  return { id: tag.id, name: tag.name, kind: tag.kind };
}

export function presentCategory(category: CategoryRecord): CategoryRef {
  return { id: category.id, name: category.name, slug: category.slug, shop: category.shop };
}

/** Cover art is drawn by the server from the SKU's seed (GET /media/covers/{seed}.svg). */
export function coverUrls(seed: string): SkuCovers {
  return { vertical: API.cover(seed, 'vertical'), horizontal: API.cover(seed, 'horizontal') };
}

/**
 * The current cover URLs of SKUs by id, in one query (for answers that show SKUs they do not otherwise
 * load, such as order lines). Unknown ids are simply absent.
 */
export async function skuCoversOf(db: DbOrTx, skuIds: readonly number[]): Promise<Map<number, SkuCovers>> {
  const ids = [...new Set(skuIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: skus.id, coverSeed: skus.coverSeed }).from(skus).where(inArray(skus.id, ids));
  return new Map(rows.map((r) => [r.id, coverUrls(r.coverSeed)]));
}

/** What the summaries of a page of SKUs need besides the rows: their tags and categories. */
export interface SkuExtras {
  tagsBySku: Map<number, TagRef[]>;
  categoriesById: Map<number, CategoryRef>;
}

/** Tags and categories of a set of SKUs: one query each, whatever the number of SKUs (no N+1). */
export async function loadSkuExtras(db: DbOrTx, rows: readonly SkuRow[]): Promise<SkuExtras> {
  const skuIds = [...new Set(rows.map((r) => r.sku.id))];
  const categoryIds = [...new Set(rows.map((r) => r.sku.categoryId).filter((id): id is number => id !== null))];
  const [tagRows, categoryRows] = await Promise.all([
    skuIds.length === 0
      ? []
      : db
          .select({ skuId: skuTags.skuId, id: tags.id, name: tags.name, kind: tags.kind })
          .from(skuTags)
          .innerJoin(tags, eq(tags.id, skuTags.tagId))
          .where(inArray(skuTags.skuId, skuIds))
          .orderBy(asc(tags.kind), asc(tags.position), asc(tags.id)),
    categoryIds.length === 0 ? [] : db.select().from(categories).where(inArray(categories.id, categoryIds)),
  ]);
  const tagsBySku = new Map<number, TagRef[]>();
  for (const row of tagRows) {
    const list = tagsBySku.get(row.skuId) ?? [];
    list.push(presentTag(row));
    tagsBySku.set(row.skuId, list);
  }
  return { tagsBySku, categoriesById: new Map(categoryRows.map((c) => [c.id, presentCategory(c)])) };
}

/**
 * A SKU as lists show it (docs/product/catalogue.md#products-skus-and-editions). `sale_price` is the effective price (the sale price, else the
 * list price); the currency is the one of the SKU's area, which is the site's: SKUs of the other area are
 * never shown.
 */
export function toSkuSummary(row: SkuRow, extras: SkuExtras): SkuSummary {
  const { sku } = row;
  const salePrice = effectiveSalePrice({ sale_price: sku.salePrice, list_price: sku.listPrice });
  return {
    id: sku.id,
    product_id: sku.productId,
    area: sku.area,
    region: sku.region,
    status: sku.status,
    cate: row.cate,
    kind: row.kind,
    sku_names: sku.skuName,
    sku_ename: sku.skuEname,
    edition: sku.edition,
    sku_covers: coverUrls(sku.coverSeed),
    currency: SITES[sku.area].currency,
    list_price: sku.listPrice,
    sale_price: salePrice,
    discount: discountPercent(sku.listPrice, salePrice),
    list_points: sku.listPoints,
    sale_points: sku.salePoints,
    can_points_pay: sku.canPointsPay,
    support_cash_pay: sku.supportCashPay,
    key_type: sku.keyType,
    released_at_timestamp: toTimestamp(sku.releasedAt),
    score: sku.score,
    wishes_count: sku.wishesCount,
    rank: sku.rank,
    tags: extras.tagsBySku.get(sku.id) ?? [],
    category: sku.categoryId === null ? null : (extras.categoriesById.get(sku.categoryId) ?? null),
  };
}

/** Summaries of rows, in their order, with tags and categories loaded in two queries. */
export async function presentSkus(db: DbOrTx, rows: readonly SkuRow[]): Promise<SkuSummary[]> {
  if (rows.length === 0) return [];
  const extras = await loadSkuExtras(db, rows);
  return rows.map((r) => toSkuSummary(r, extras));
}

/** Summaries keyed by SKU id, for answers that place the same SKUs in several groups. */
export async function presentSkuMap(db: DbOrTx, rows: readonly SkuRow[]): Promise<Map<number, SkuSummary>> {
  const summaries = await presentSkus(db, rows);
  return new Map(summaries.map((s) => [s.id, s]));
}
