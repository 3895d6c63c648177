import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { SkuSummary } from '@lantern/contract';
import type { Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { products, skus, wishes } from './tables.ts';
import { loadSkuExtras, toSkuSummary } from './presenter.ts';
import { findViewableSku } from './lookup.ts';
import type { Viewer } from '../../platform/viewer.ts';

export interface WishState {
  sku_id: number;
  is_wished: boolean;
  wishes_count: number;
}

export async function isWished(db: DbOrTx, accountId: number, skuId: number): Promise<boolean> {
  const [row] = await db.select({ skuId: wishes.skuId }).from(wishes).where(and(eq(wishes.accountId, accountId), eq(wishes.skuId, skuId))).limit(1);
  return row !== undefined;
}

async function wishesCountOf(db: DbOrTx, skuId: number): Promise<number> {
  const [row] = await db.select({ n: skus.wishesCount }).from(skus).where(eq(skus.id, skuId));
  return row?.n ?? 0;
}

/**
 * PUT /api/me/wishes/{skuId}: idempotent. The wish's primary key decides, under any concurrency, whether
 * this call added it (`INSERT … ON CONFLICT DO NOTHING RETURNING`); only then is `wishes_count` raised,
 * in the same transaction, so the count moves exactly once per wish.
 */
export async function addWish(deps: Deps, viewer: Viewer & { accountId: number }, skuId: number): Promise<WishState> {
  await findViewableSku(deps, viewer, skuId);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const added = await tx
      .insert(wishes)
      .values({ accountId: viewer.accountId, skuId, area: viewer.area, createdAt: now })
      .onConflictDoNothing()
      .returning({ skuId: wishes.skuId });
    if (added.length === 0) return { sku_id: skuId, is_wished: true, wishes_count: await wishesCountOf(tx, skuId) };
    const [row] = await tx.update(skus).set({ wishesCount: sql`${skus.wishesCount} + 1` }).where(eq(skus.id, skuId)).returning({ n: skus.wishesCount });
    return { sku_id: skuId, is_wished: true, wishes_count: row?.n ?? 0 };
  });
}

/**
 * DELETE /api/me/wishes/{skuId}: idempotent; lowers `wishes_count` only when a wish was really removed.
 * Any SKU of the site's area can be removed, even one no longer shown, so a list never holds what its
 * owner cannot take out.
 */
export async function removeWish(deps: Deps, viewer: Viewer & { accountId: number }, skuId: number): Promise<WishState> {
  const [sku] = await deps.db.select({ id: skus.id }).from(skus).where(and(eq(skus.id, skuId), eq(skus.area, viewer.area))).limit(1);
  if (!sku) throw fail.notFound();
  return deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(wishes)
      .where(and(eq(wishes.accountId, viewer.accountId), eq(wishes.skuId, skuId)))
      .returning({ skuId: wishes.skuId });
    if (removed.length === 0) return { sku_id: skuId, is_wished: false, wishes_count: await wishesCountOf(tx, skuId) };
    const [row] = await tx
      .update(skus)
      .set({ wishesCount: sql`greatest(${skus.wishesCount} - 1, 0)` })
      .where(eq(skus.id, skuId))
      .returning({ n: skus.wishesCount });
    return { sku_id: skuId, is_wished: false, wishes_count: row?.n ?? 0 };
  });
}

/** GET /api/me/wishes: the account's wishes on this site's area, newest first; unpublished SKUs are left out. */
export async function listWishes(deps: Deps, accountId: number, area: Area, page: number, per: number) {
  const where = and(eq(wishes.accountId, accountId), eq(wishes.area, area), ne(skus.status, 'unpublished'));
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ sku: skus, cate: products.cate, kind: products.kind, baseProductId: products.baseProductId, wishedAt: wishes.createdAt })
      .from(wishes)
      .innerJoin(skus, eq(skus.id, wishes.skuId))
      .innerJoin(products, eq(products.id, skus.productId))
      .where(where)
      .orderBy(desc(wishes.createdAt), desc(wishes.skuId))
      .limit(per)
      .offset((page - 1) * per),
    deps.db.select({ n: count() }).from(wishes).innerJoin(skus, eq(skus.id, wishes.skuId)).where(where),
  ]);
  const extras = await loadSkuExtras(deps.db, rows);
  const list: Array<SkuSummary & { wished_at_timestamp: number }> = rows.map((r) => ({ ...toSkuSummary(r, extras), wished_at_timestamp: toTimestamp(r.wishedAt) }));
  return { skus: list, meta: { total_count: total?.n ?? 0, page, per } };
}
