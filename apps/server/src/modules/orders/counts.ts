import { and, count, eq, gt, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import { UNPAID_ORDER_STATES, type Area } from '@lantern/domain';
import { readsOn, type DbOrTx } from '../../platform/db/client.ts';
import { orders } from './tables.ts';

/**
 * The account's orders on the site as its lists and counts show them: all but those it deleted (docs/product/buying.md#order-delete:
 * deleting sets the order canceled; `cancel_reason = deleted` is what takes it off the lists). The order
 * itself stays readable by id.
 */
export function listedOrdersSql(accountId: number, area: Area): SQL {
  return and(eq(orders.accountId, accountId), eq(orders.area, area), or(isNull(orders.cancelReason), ne(orders.cancelReason, 'deleted')))!;
}

/** How many of the account's listed orders on the site await payment (inside their window) and are completed. */
export async function orderCounts(db: DbOrTx, accountId: number, area: Area, now: Date): Promise<{ pending: number; completed: number }> {
  const mine = listedOrdersSql(accountId, area);
  // A flash sale's placement reads these inside its transaction: in turn there, together on the pool.
  const [[pending], [completed]] = await readsOn(db, [
    () => db.select({ n: count() }).from(orders).where(and(mine, inArray(orders.state, [...UNPAID_ORDER_STATES]), gt(orders.expiresAt, now))),
    () => db.select({ n: count() }).from(orders).where(and(mine, eq(orders.state, 'completed'))),
  ]);
  return { pending: pending?.n ?? 0, completed: completed?.n ?? 0 };
}
