import { and, count, eq, gt, inArray } from 'drizzle-orm';
import { UNPAID_ORDER_STATES, type Area } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';
import { orders } from './tables.ts';

/** How many of the account's orders on the site await payment (inside their window) and are completed. */
export async function orderCounts(db: DbOrTx, accountId: number, area: Area, now: Date): Promise<{ pending: number; completed: number }> {
  const mine = and(eq(orders.accountId, accountId), eq(orders.area, area));
  const [[pending], [completed]] = await Promise.all([
    db.select({ n: count() }).from(orders).where(and(mine, inArray(orders.state, [...UNPAID_ORDER_STATES]), gt(orders.expiresAt, now))),
    db.select({ n: count() }).from(orders).where(and(mine, eq(orders.state, 'completed'))),
  ]);
  return { pending: pending?.n ?? 0, completed: completed?.n ?? 0 };
}
