import { sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.ts';
import { PreparedSql, slot } from '../../../platform/db/prepared.ts';

/** Built once: every checkout takes this lock (platform/db/prepared.ts). */
const lockStatement = new PreparedSql<{ key: string }>('orders_lock_buyer', () => sql`select pg_advisory_xact_lock(hashtextextended(${slot('key')}, 0))`);

/**
 * Serializes the checkouts of one account until its transaction ends. The rules that depend on the
 * account's other orders (owned game, order game lock) read, then write: without this, two parallel
 * orders for one game would both read "not locked" and both be written. A transaction-scoped advisory
 * lock (PostgreSQL and PGlite alike) keyed by the account: other accounts never wait on it, and it is
 * released by commit or rollback, whatever happens.
 */
export async function lockBuyer(tx: Tx, accountId: number): Promise<void> {
  await lockStatement.rows(tx, { key: buyerLockKey(accountId) });
}

/** The key of `lockBuyer`'s lock, for a transaction that takes it as it begins (platform/db/client.ts lockedTransaction). */
export const buyerLockKey = (accountId: number) => `checkout:account:${accountId}`;

/** The keys of `lockBuyer`'s locks for many accounts, in account order (lockedTransaction takes them in that order). */
export const buyerLockKeys = (accountIds: readonly number[]) => [...new Set(accountIds)].sort((a, b) => a - b).map(buyerLockKey);
