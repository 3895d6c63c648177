import { and, asc, count, desc, eq, gt, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { effectiveSalePrice, parseSearchOrder, parseSortParam, SITES, type SearchOrder } from '@lantern/domain';
import type { SkuSearchQuery } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { products, skuTags, skus } from './tables.ts';
import { inOrderOf, loadSkuRows } from './sku-rows.ts';
import { listedSql } from './visibility.ts';
import { coverUrls, presentSkus } from './presenter.ts';
import type { Viewer } from '../../platform/viewer.ts';

/** How many suggestions the search box shows while typing. */
export const AUTOCOMPLETE_SIZE = 8;

const ORDER_COLUMNS = {
  rank: skus.rank,
  discount: skus.discount,
  released_at: skus.releasedAt,
  score: skus.score,
  wishes_count: skus.wishesCount,
  sale_price: skus.effectivePrice,
} as const;

/** A keyword as the index sees it: trimmed, lower-case, inner spaces collapsed. */
export function normalizeKeyword(keyword: string | undefined): string {
  return (keyword ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
}

/** `%`, `_` and `\` are literal in a keyword, not LIKE wildcards. */
function likePattern(keyword: string, prefixOnly = false): string {
  const escaped = keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
  return prefixOnly ? `${escaped}%` : `%${escaped}%`;
}

/** Shorter keywords are not worth a fuzzy second try: three letters are close to too many words. */
const FUZZY_MIN_LENGTH = 4;

/** Fuzzy candidates are bounded: a misspelling close to more names than this is too vague to help. */
const FUZZY_CANDIDATES_MAX = 500;

/**
 * A keyword matches a part of either name or the English name. `search_text` is stored lower-cased, so a
 * plain LIKE does it (cheaper than ILIKE, and served by the trigram index).
 */
function keywordSql(keyword: string): SQL {
  return sql`${skus.searchText} like ${likePattern(keyword)}`;
}

/**
 * SKUs with a word close to a misspelt keyword (`<%`: word similarity ≥ 0.6). The planner underrates
 * what a similarity costs per row and, on a catalogue of tens of thousands, would compare every row
 * (~100 ms); asked alone with sequential scans off for this one statement, the trigram index answers
 * it in a few milliseconds.
 */
async function fuzzyCandidates(deps: Deps, keyword: string): Promise<number[]> {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await tx.select({ id: skus.id }).from(skus).where(sql`${keyword} <% ${skus.searchText}`).limit(FUZZY_CANDIDATES_MAX);
    return rows.map((r) => r.id);
  });
}

/**
 * The ordering of docs/product/catalogue.md#search-ordering (via the domain's parser): `order`/`direction` when given, else `q[s]`. With a
 * keyword and no ordering asked for, results are ranked by how well they match, then by rank.
 */
export function searchOrderOf(query: Pick<SkuSearchQuery, 'order' | 'direction' | 'q'>, keyword: string): SearchOrder | 'relevance' {
  if (query.order !== undefined) return parseSearchOrder(query.order, query.direction);
  if (query.q?.s !== undefined) return parseSortParam(query.q.s);
  return keyword === '' ? parseSearchOrder(null, query.direction) : 'relevance';
}

function orderBySql(order: SearchOrder | 'relevance', keyword: string): SQL[] {
  if (order === 'relevance') {
    return [sql`word_similarity(${keyword}, ${skus.searchText}) desc`, desc(skus.rank), asc(skus.id)];
  }
  const column = ORDER_COLUMNS[order.key];
  const primary = order.direction === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
  // Ties are broken by id so that paging is stable whatever the key.
  return [primary, asc(skus.id)];
}

/** SKUs linked to every tag of the list: as many links to those tags as there are tags (the tag index answers it). */
function holdingAllTagsSql(tagIds: number[]): SQL {
  return sql`${skus.id} in (select ${skuTags.skuId} from ${skuTags} where ${inArray(skuTags.tagId, tagIds)} group by ${skuTags.skuId} having count(*) = ${tagIds.length})`;
}

/**
 * Every condition of a search: the site's area, listed statuses (sale and pre-sale: a SKU taken off sale
 * or unpublished is not offered), the region rule, the ordering's restrictions (rank and
 * sale_price need list_price > 0; discount and sale_price need status sale), the keyword (a substring, or
 * the fuzzy candidates' ids) and the filters asked for.
 */
function conditionsOf(viewer: Viewer, query: SkuSearchQuery, keyword: string, order: SearchOrder | 'relevance', fuzzyIds: number[] | null): SQL {
  const q = query.q ?? {};
  const conditions: Array<SQL | undefined> = [listedSql(viewer.area, viewer.region)];
  if (order !== 'relevance') {
    if (order.requirePositiveListPrice) conditions.push(gt(skus.listPrice, 0));
    if (order.requireOnSale) conditions.push(eq(skus.status, 'sale'));
  }
  if (fuzzyIds !== null) conditions.push(inArray(skus.id, fuzzyIds.length > 0 ? fuzzyIds : [0]));
  else if (keyword !== '') conditions.push(keywordSql(keyword));
  const tagIds = [...new Set(q.tags_id_in ?? [])];
  if (tagIds.length > 0) conditions.push(holdingAllTagsSql(tagIds));
  if (q.category_id_eq !== undefined) conditions.push(eq(skus.categoryId, q.category_id_eq));
  if (q.cate_eq !== undefined) conditions.push(eq(products.cate, q.cate_eq));
  if (q.kind_in !== undefined && q.kind_in.length > 0) conditions.push(inArray(products.kind, q.kind_in));
  if (q.key_type_in !== undefined && q.key_type_in.length > 0) conditions.push(inArray(skus.keyType, q.key_type_in));
  if (q.sale_price_gteq !== undefined) conditions.push(gte(skus.effectivePrice, q.sale_price_gteq));
  if (q.sale_price_lteq !== undefined) conditions.push(lte(skus.effectivePrice, q.sale_price_lteq));
  if (q.id_in !== undefined && q.id_in.length > 0) conditions.push(inArray(skus.id, q.id_in));
  return and(...conditions)!;
}

/**
 * One page of matching ids with the total in the same pass (`count(*) over ()`), over narrow rows: only
 * the ids of the page are then read in full.
 */
async function searchPage(deps: Deps, where: SQL, order: SearchOrder | 'relevance', keyword: string, page: number, per: number) {
  const hits = await deps.db
    .select({ id: skus.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(where)
    .orderBy(...orderBySql(order, keyword))
    .limit(per)
    .offset((page - 1) * per);
  let total = hits[0]?.total ?? 0;
  if (hits.length === 0 && page > 1) {
    // Past the last page: no row carries the total, so count it.
    const [counted] = await deps.db.select({ n: count() }).from(skus).innerJoin(products, eq(products.id, skus.productId)).where(where);
    total = counted?.n ?? 0;
  }
  const ids = hits.map((h) => h.id);
  return { rows: inOrderOf(await loadSkuRows(deps.db, ids), ids), total };
}

/**
 * GET /api/search/skus: one page of results and the total count. A keyword is matched as a substring of
 * the names; when nothing matches and the keyword is long enough, once more allowing for a misspelling.
 */
export async function searchSkus(deps: Deps, viewer: Viewer, query: SkuSearchQuery) {
  const keyword = normalizeKeyword(query.keyword);
  const order = searchOrderOf(query, keyword);
  let result = await searchPage(deps, conditionsOf(viewer, query, keyword, order, null), order, keyword, query.page, query.per);
  if (result.total === 0 && [...keyword].length >= FUZZY_MIN_LENGTH) {
    const candidates = await fuzzyCandidates(deps, keyword);
    if (candidates.length > 0) result = await searchPage(deps, conditionsOf(viewer, query, keyword, order, candidates), order, keyword, query.page, query.per);
  }
  return { skus: await presentSkus(deps.db, result.rows), meta: { total_count: result.total, page: query.page, per: query.per } };
}

/**
 * GET /api/search/autocomplete: a few suggestions while the user types. A name starting with the keyword
 * comes first, then other matches by similarity and rank; one suggestion per product (its first edition).
 */
export async function autocomplete(deps: Deps, viewer: Viewer, rawKeyword: string | undefined) {
  const keyword = normalizeKeyword(rawKeyword);
  if (keyword === '') return { suggestions: [] };
  const prefix = likePattern(keyword, true);
  // A word of the names starting with the keyword: at the start of the text or after a space.
  const startsWith = sql`(${skus.searchText} like ${prefix} or ${skus.searchText} like ${`% ${prefix}`})`;
  const rows = await deps.db
    .select({ sku: skus })
    .from(skus)
    .where(and(listedSql(viewer.area, viewer.region), keywordSql(keyword)))
    .orderBy(sql`${startsWith} desc`, sql`word_similarity(${keyword}, ${skus.searchText}) desc`, desc(skus.rank), asc(skus.editionPosition), asc(skus.id))
    .limit(AUTOCOMPLETE_SIZE * 3);
  const seen = new Set<number>();
  const suggestions = [];
  for (const { sku } of rows) {
    if (seen.has(sku.productId)) continue;
    seen.add(sku.productId);
    suggestions.push({
      id: sku.id,
      name: sku.skuName,
      sku_ename: sku.skuEname,
      cover: coverUrls(sku.coverSeed).horizontal,
      sale_price: effectiveSalePrice({ sale_price: sku.salePrice, list_price: sku.listPrice }),
      currency: SITES[sku.area].currency,
    });
    if (suggestions.length === AUTOCOMPLETE_SIZE) break;
  }
  return { suggestions };
}
