import { inArray, sql, eq } from 'drizzle-orm';
import { isNotificationKind, NOTIFICATION_KINDS, notificationCounts, type NotificationCounts, type NotificationKind } from '@lantern/domain';
import type { NotificationCounters } from '@lantern/contract';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/json-rows.ts';
import { notificationUnreadCounts } from './tables.ts';

/** The account's unread counters by kind, and the groups the spec names (docs/product/messaging.md#notification-counts). */
export async function countersOf(db: DbOrTx, accountId: number, broadcastNum: number): Promise<NotificationCounters> {
  const rows = await db.select({ kind: notificationUnreadCounts.kind, unread: notificationUnreadCounts.unread })
    .from(notificationUnreadCounts).where(eq(notificationUnreadCounts.accountId, accountId));
  const byKind = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, 0])) as Record<NotificationKind, number>;
  for (const row of rows) if (row.kind in byKind) byKind[row.kind as NotificationKind] = row.unread;
  return { ...notificationCounts(byKind), broadcast_num: broadcastNum, by_kind: byKind };
}

/** The counters of many accounts at once, in one statement: `noti_badges` and the `notifications` badge of /api/me. */
export async function countersOfMany(db: Db, accountIds: readonly number[]): Promise<Map<number, NotificationCounts>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db.select().from(notificationUnreadCounts).where(inArray(notificationUnreadCounts.accountId, [...accountIds]));
  const byAccount = new Map<number, Partial<Record<NotificationKind, number>>>();
  for (const row of rows) {
    const kinds = byAccount.get(row.accountId) ?? {};
    if (isNotificationKind(row.kind)) kinds[row.kind] = row.unread;
    byAccount.set(row.accountId, kinds);
  }
  return new Map([...byAccount].map(([accountId, kinds]) => [accountId, notificationCounts(kinds)]));
}

/**
 * What the counters would be if counted from the rows: for tests and a drift check. The counters are kept in
 * the transaction of every change, so this always equals them.
 */
export async function recount(db: DbOrTx, accountId: number): Promise<{ total: number; byKind: Record<string, number> }> {
  const rows = await rowsOf<{ kind: string; n: number }>(db, sql`
    SELECT kind, count(*)::int AS n FROM notifications WHERE recipient_id = ${accountId} AND read_at IS NULL GROUP BY kind`);
  const byKind = Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
  return { total: rows.reduce((sum, r) => sum + Number(r.n), 0), byKind };
}
