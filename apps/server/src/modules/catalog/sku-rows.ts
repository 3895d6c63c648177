import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Area } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';
import { fromJsonRow } from '../../platform/db/json-rows.ts';
import { PreparedSql, slot } from '../../platform/db/prepared.ts';
import { products, skus } from './tables.ts';
import { viewableSql } from './visibility.ts';

export type SkuRecord = typeof skus.$inferSelect;
export type ProductRecord = typeof products.$inferSelect;

/** A SKU with what lists need of its product (its cate; our kind: game, dlc, bundle…). */
export interface SkuRow {
  sku: SkuRecord;
  cate: ProductRecord['cate'];
  kind: ProductRecord['kind'];
  baseProductId: number | null;
}

/** The columns of a SkuRow, for queries that select more alongside (a total, a wish time). */
export const skuRowFields = { sku: skus, cate: products.cate, kind: products.kind, baseProductId: products.baseProductId };

/** SKUs joined to their products, filtered by `where`; callers add ordering and limits. */
export function selectSkuRows(db: DbOrTx, where: SQL | undefined) {
  return db.select(skuRowFields).from(skus).innerJoin(products, eq(products.id, skus.productId)).where(where);
}

/**
 * The SkuRows matching `where` as one JSON value (null when none), for a statement that reads them
 * alongside its own work — paying an order reads its lines' SKUs in the statement that completes it.
 * Read back with `skuRowsFromJson`.
 */
export function skuRowsJsonSql(where: SQL): SQL {
  return sql`(select json_agg(json_build_object('sku', row_to_json(${skus}), 'cate', ${products.cate}, 'kind', ${products.kind}, 'base_product_id', ${products.baseProductId}))
    from ${skus} inner join ${products} on ${products.id} = ${skus.productId} where ${where})`;
}

export function skuRowsFromJson(json: unknown): SkuRow[] {
  return ((json ?? []) as { sku: Record<string, unknown>; cate: SkuRow['cate']; kind: SkuRow['kind']; base_product_id: number | null }[])
    .map((r) => ({ sku: fromJsonRow(skus, r.sku), cate: r.cate, kind: r.kind, baseProductId: r.base_product_id }));
}

/** The SKUs of the given ids (any order, missing ids skipped), optionally narrowed further. */
export async function loadSkuRows(db: DbOrTx, ids: readonly number[], where?: SQL): Promise<SkuRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  if (!where) {
    const [row] = unique.length === 1
      ? await skuRowByIdStatement.rows<{ rows: unknown }>(db, { id: unique[0] })
      : await skuRowsByIdStatement.rows<{ rows: unknown }>(db, { ids: unique });
    return skuRowsFromJson(row?.rows ?? null);
  }
  return selectSkuRows(db, and(inArray(skus.id, unique), where));
}

/**
 * The plain read by ids, prepared once (a named statement on node-postgres): every checkout starts with it, and
 * building the query cost more CPU than running it. One id (a rush's buyers all order one SKU) has a statement of
 * its own: PostgreSQL plans an array of ids afresh on every run (its generic plan guesses ten ids and looks dearer
 * than a plan for the one it is given), but keeps the generic plan of `id = $1`.
 */
const skuRowByIdStatement = new PreparedSql('catalog_sku_row_by_id', () => sql`select ${skuRowsJsonSql(sql`${skus.id} = ${slot('id')}`)} as rows`);
const skuRowsByIdStatement = new PreparedSql('catalog_sku_rows_by_id', () => sql`select ${skuRowsJsonSql(sql`${skus.id} = any(${slot('ids')}::bigint[])`)} as rows`);

/** The SKUs of the given products, each product's editions in edition order. */
export async function loadProductSkuRows(db: DbOrTx, productIds: readonly number[], where?: SQL): Promise<SkuRow[]> {
  const unique = [...new Set(productIds)];
  if (unique.length === 0) return [];
  return selectSkuRows(db, and(inArray(skus.productId, unique), where)).orderBy(asc(skus.productId), asc(skus.editionPosition), asc(skus.id));
}

/** Rows in the order of `ids` (first occurrence), skipping ids not found. */
export function inOrderOf<T extends { sku: { id: number } }>(rows: readonly T[], ids: readonly number[]): T[] {
  const byId = new Map(rows.map((r) => [r.sku.id, r]));
  const seen = new Set<number>();
  const out: T[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row && !seen.has(id)) {
      seen.add(id);
      out.push(row);
    }
  }
  return out;
}

/** SKUs by id that may be seen on a site (right area, published); the region rule is applied on top. */
export function loadViewableSkuRows(db: DbOrTx, ids: readonly number[], area: Area): Promise<SkuRow[]> {
  return loadSkuRows(db, ids, viewableSql(area));
}

/** The SKUs of the given products that may be seen on a site, each product's editions in edition order. */
export function loadViewableProductSkuRows(db: DbOrTx, productIds: readonly number[], area: Area): Promise<SkuRow[]> {
  return loadProductSkuRows(db, productIds, viewableSql(area));
}
