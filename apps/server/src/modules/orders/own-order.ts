import { and, eq } from 'drizzle-orm';
import type { Area } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';
import { orders } from './tables.ts';

export type OrderRecord = typeof orders.$inferSelect;

/** Whose order, on which site: an account's orders are its own only on the site they were placed on. */
export interface OrderOwner {
  accountId: number;
  area: Area;
}

/**
 * The one definition of "the account's own order": its id, placed by the account, on this site. Null
 * for anything else; each caller answers that in its own words (a 404, or the payments' `unusual`).
 * With `lock` the row is locked for the transaction: creating a payment, applying a notification and
 * completing all take this lock first, so an order's money is decided one at a time and always in the
 * same lock order (order, then payment).
 */
export async function findOwnOrder(db: DbOrTx, owner: OrderOwner, orderId: number, options: { lock?: boolean } = {}): Promise<OrderRecord | null> {
  const query = db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.accountId, owner.accountId), eq(orders.area, owner.area)));
  const [row] = options.lock ? await query.for('update') : await query.limit(1);
  return row ?? null;
}

/** Locks an order row (any owner) for the caller's transaction: a gateway's notification names its order by trade number. */
export async function lockOrderForPayment(db: DbOrTx, orderId: number): Promise<OrderRecord | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row ?? null;
}
