import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Area } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';
import { skus, wishes, type LocalizedName } from './tables.ts';

/** A wish with what the wish-list alert compares (docs/product/messaging.md#wish-alert). */
export interface WishedSku {
  accountId: number;
  skuId: number;
  area: Area;
  name: LocalizedName;
  /** The effective price now (sale, else list), in the area's minor units. */
  price: number;
  /** On sale (not a pre-order) and its release date, if any, has come. */
  released: boolean;
}

/** Where a walk through every wish stands: the last (account, SKU) answered. */
export interface WishCursor {
  accountId: number;
  skuId: number;
}

/**
 * The next `limit` wishes after `after`, in (account, SKU) order (the wishes' primary key, so each batch is an
 * index range), of SKUs on sale or on pre-order: the wish-list alert walks them in batches without reading
 * the catalogue's tables itself.
 */
export async function wishedSkusAfter(db: DbOrTx, after: WishCursor | null, limit: number, now: Date): Promise<WishedSku[]> {
  const past = after ? or(gt(wishes.accountId, after.accountId), and(eq(wishes.accountId, after.accountId), gt(wishes.skuId, after.skuId))) : undefined;
  const rows = await db
    .select({
      accountId: wishes.accountId, skuId: wishes.skuId, area: skus.area, name: skus.skuName, price: skus.effectivePrice,
      released: sql<boolean>`(${skus.status} = 'sale' AND (${skus.releasedAt} IS NULL OR ${skus.releasedAt} <= ${now.toISOString()}::timestamptz))`,
    })
    .from(wishes)
    .innerJoin(skus, eq(skus.id, wishes.skuId))
    .where(and(past, inArray(skus.status, ['sale', 'pre_sale'])))
    .orderBy(asc(wishes.accountId), asc(wishes.skuId))
    .limit(limit);
  return rows.map((r) => ({ ...r, released: Boolean(r.released) }));
}
