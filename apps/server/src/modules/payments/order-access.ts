import type { DbOrTx } from '../../platform/db/client.ts';
import type { KeyValueStore } from '../../platform/kv.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { findOwnOrder, type OrderOwner, type OrderRecord } from '../orders/index.ts';

/** Who pays: the account, on the site it is signed in to. */
export type Payer = OrderOwner;

/** "Unusual payment" (404, docs/product/buying.md#payment-outcomes): an order or payment that is not the buyer's on this site. */
export const unusual = () => new AppError(404, { base: ['unusual'] });

/** The buyer's own order on this site (orders' one definition, optionally locked), or the 404 `unusual`. */
export async function payerOrder(db: DbOrTx, payer: Payer, orderId: number, options: { lock?: boolean } = {}): Promise<OrderRecord> {
  const row = await findOwnOrder(db, payer, orderId, options);
  if (!row) throw unusual();
  return row;
}

/** How long a pay call may hold its order; a crashed holder frees it by then. */
const PAY_LOCK_SECONDS = 30;
export const payLockKey = (orderId: number) => `payments:pay_lock:${orderId}`;

/**
 * Runs one pay call of an order at a time ("order busy", docs/product/buying.md#pay): a second call while one is
 * under way answers 409 `order: busy` at once instead of queueing behind the row lock. The counter is
 * atomic in memory and in Redis, so exactly one caller sees 1.
 */
export async function withPayLock<T>(kv: KeyValueStore, orderId: number, work: () => Promise<T>): Promise<T> {
  const key = payLockKey(orderId);
  if ((await kv.incr(key, PAY_LOCK_SECONDS)) !== 1) throw fail.conflict('order', 'busy');
  try {
    return await work();
  } finally {
    await kv.del(key);
  }
}
