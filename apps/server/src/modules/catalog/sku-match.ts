import { and, eq, exists, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { products, skus } from './tables.ts';

type KeyType = NonNullable<(typeof skus.$inferSelect)['keyType']>;
type ProductKind = (typeof products.$inferSelect)['kind'];

export interface SkuMatch {
  area?: 'native' | 'abroad';
  kinds?: readonly ProductKind[];
  /** A SKU without a key type counts as `other`. */
  keyType?: KeyType;
}

/**
 * A condition for other modules' queries: "the SKU in `column` matches". Written as a correlated EXISTS
 * on the SKU's primary key, so a list of an account's rows checks only its own SKUs, and other modules
 * filter by catalogue facts without reading the catalogue's tables themselves.
 */
export function skuMatches(db: DbOrTx, column: AnyColumn, match: SkuMatch): SQL {
  const conditions: (SQL | undefined)[] = [eq(skus.id, column)];
  if (match.area) conditions.push(eq(skus.area, match.area));
  if (match.kinds) conditions.push(inArray(products.kind, [...match.kinds]));
  if (match.keyType) conditions.push(match.keyType === 'other' ? or(isNull(skus.keyType), eq(skus.keyType, 'other')) : eq(skus.keyType, match.keyType));
  return exists(db.select({ one: sql`1` }).from(skus).innerJoin(products, eq(products.id, skus.productId)).where(and(...conditions)));
}
