import { sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.ts';

/**
 * Serializes the checkouts of one account until its transaction ends. The rules that depend on the
 * account's other orders (owned game, order game lock) read, then write: without this, two parallel
 * orders for one game would both read "not locked" and both be written. A transaction-scoped advisory
 * lock (PostgreSQL and PGlite alike) keyed by the account: other accounts never wait on it, and it is
 * released by commit or rollback, whatever happens.
 */
export async function lockBuyer(tx: Tx, accountId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checkout:account:${accountId}`}, 0))`);
}

/**
 * The locks of `lockBuyer` for many accounts in one statement (a checkout of many buyers), taken in account
 * order: two groups sharing buyers then never each hold a lock the other waits for.
 */
export async function lockBuyers(tx: Tx, accountIds: readonly number[]): Promise<void> {
  const keys = [...new Set(accountIds)].sort((a, b) => a - b).map((id) => `checkout:account:${id}`);
  // unnest answers the array's order, and each row's lock is taken as the row is read.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(key, 0)) from unnest(${sql.param(keys)}::text[]) as k(key)`);
}
