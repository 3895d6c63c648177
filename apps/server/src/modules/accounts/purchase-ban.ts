import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { fail } from '../../platform/errors.ts';
import type { Bindable } from '../../platform/db/prepared.ts';
import { accounts } from './tables.ts';

/**
 * Staff bar an account from buying (docs/product/buying.md#purchase-ban) or lift the bar. Setting it again keeps the
 * first time it was set, so the record says since when the account has been barred.
 */
export async function setPurchaseBan(deps: Deps, accountId: number, banned: boolean) {
  const [current] = await deps.db.select({ bannedAt: accounts.purchaseBannedAt }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!current) throw fail.notFound();
  const bannedAt = banned ? (current.bannedAt ?? deps.clock.now()) : null;
  await deps.db.update(accounts).set({ purchaseBannedAt: bannedAt }).where(eq(accounts.id, accountId));
  return { account_id: accountId, banned, banned_at_timestamp: toTimestamp(bannedAt) };
}

/**
 * Whether the account is barred from buying, as a scalar subquery (true, false, or null for a closed or
 * unknown account): the checkout reads it in the statement that writes the order, under the buyer's lock,
 * so a ban that committed first is always seen. The account is an id, a placeholder of a prepared statement,
 * or a column of the statement that embeds it (a checkout of many buyers reads each one's).
 */
export function purchaseBannedSql(accountId: Bindable<number> | SQL): SQL {
  return sql`(select ${accounts.purchaseBannedAt} is not null from ${accounts} where ${and(eq(accounts.id, accountId), isNull(accounts.closedAt))})`;
}
