import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Area } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';
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

/** The SKUs of the given ids (any order, missing ids skipped), optionally narrowed further. */
export async function loadSkuRows(db: DbOrTx, ids: readonly number[], where?: SQL): Promise<SkuRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return selectSkuRows(db, and(inArray(skus.id, unique), where));
}

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
