import { and, eq, gt, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import { UNPAID_ORDER_STATES, ownershipProductIds } from '@lantern/domain';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { orderGames, orders } from '../tables.ts';
import type { CheckoutLine } from './context.ts';

/** A checkout line as the domain's ownership rules see it. */
export const ownershipLine = ({ row }: CheckoutLine) => ({ skuId: row.sku.id, productId: row.sku.productId, kind: row.kind, baseProductId: row.baseProductId });

/** The products whose holding decides the ownership rules (the domain's ownershipProductIds, of checkout lines). */
export const ownershipProductIdsOf = (lines: readonly CheckoutLine[]) => ownershipProductIds(lines.map(ownershipLine));

/**
 * How the account holds each of the products: `owned` (a line of a completed order) or `locked` (a line
 * of an unpaid order still inside its window). One statement, so one snapshot: an order being paid
 * meanwhile is seen either still unpaid or already completed, never as neither (two queries could read
 * "not completed" before the payment commits and "not unpaid" after it).
 */
export async function heldProducts(db: DbOrTx, accountId: number, productIds: readonly number[], now: Date): Promise<Map<number, 'owned' | 'locked'>> {
  return heldFromRows(await heldProductsQuery(db, accountId, productIds, now));
}

/**
 * The read of `heldProducts`, to run alone or inside another statement (its columns are product_id and
 * state). The account is an id, or a column of the embedding statement (one read for many buyers).
 * `countedElsewhere` leaves out orders a module counts by a rule of its own (a flash sale's earlier units
 * of the same item, counted by its buy limit: docs/product/deals.md#flash-sale-purchase).
 */
export function heldProductsQuery(db: DbOrTx, accountId: number | SQL, productIds: readonly number[], now: Date, countedElsewhere?: (orderId: SQL) => SQL) {
  return db
    .selectDistinct({ productId: orderGames.productId, state: orders.state })
    .from(orderGames)
    .innerJoin(orders, eq(orders.id, orderGames.orderId))
    .where(and(
      eq(orderGames.accountId, accountId),
      inArray(orderGames.productId, [...productIds]),
      or(eq(orders.state, 'completed'), and(inArray(orders.state, [...UNPAID_ORDER_STATES]), gt(orders.expiresAt, now))),
      countedElsewhere ? not(countedElsewhere(sql`${orders.id}`)) : undefined,
    ));
}

export function heldFromRows(rows: readonly { productId: number; state: string }[]): Map<number, 'owned' | 'locked'> {
  const held = new Map<number, 'owned' | 'locked'>();
  for (const row of rows) {
    if (row.state === 'completed') held.set(row.productId, 'owned');
    else if (!held.has(row.productId)) held.set(row.productId, 'locked');
  }
  return held;
}
