import type { DbOrTx } from '../../platform/db/client.ts';
import type { SessionLocks } from '../../platform/db/session-locks.ts';
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

export const payLockKey = (orderId: number) => `payments:pay_lock:${orderId}`;

/**
 * Runs one pay call of an order at a time ("order busy", docs/product/buying.md#pay): a second call while one is
 * under way, on any instance, answers 409 `order: busy` at once instead of queueing behind the row lock. The
 * lock is a session lock (platform/db/session-locks.ts): it dies with the instance holding it, so a payment
 * cut off by a killed instance can be made again at once, not after a timeout (docs/decisions/0050).
 */
export async function withPayLock<T>(locks: SessionLocks, orderId: number, work: () => Promise<T>, options: { waitMs?: number } = {}): Promise<T> {
  const release = await takePayLock(locks, orderId, options.waitMs ?? 0);
  if (!release) throw fail.conflict('order', 'busy');
  try {
    return await work();
  } finally {
    await release();
  }
}

/**
 * How long a wallet or points pay call waits for another pay call of the same order before answering busy
 * (docs/decisions/0057): such a call is one short transaction, and the waiting one is usually its own retry (the
 * first answer was lost), which then answers what the first committed instead of a refusal.
 */
export const IN_STORE_PAY_WAIT_MS = 5_000;

/** The pay lock, tried again with growing pauses (10 ms, doubling, at most 100 ms) for up to `waitMs`; null if still held. */
async function takePayLock(locks: SessionLocks, orderId: number, waitMs: number): Promise<(() => Promise<void>) | null> {
  const key = payLockKey(orderId);
  const deadline = performance.now() + waitMs;
  for (let pause = 10; ; pause = Math.min(pause * 2, 100)) {
    const release = await locks.tryLock(key);
    if (release || performance.now() + pause > deadline) return release;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
