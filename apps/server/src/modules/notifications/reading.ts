import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { NotificationKind } from '@lantern/domain';
import type { Notification } from '@lantern/contract';
import type { Db } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { rowsOf } from '../../platform/db/json-rows.ts';
import { publicAccountsByIds } from '../accounts/index.ts';
import { appendLiveEvents, pushLiveEvents } from '../live/index.ts';
import { notifications } from './tables.ts';

/** The account's notifications, newest change first (a collapsed like rises when liked again), 10 a page. */
export async function listNotifications(deps: Deps, accountId: number, kinds: readonly NotificationKind[] | undefined, page: number, per: number) {
  const where = and(eq(notifications.recipientId, accountId), kinds && kinds.length > 0 ? inArray(notifications.kind, [...kinds]) : undefined);
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(notifications).where(where).orderBy(desc(notifications.updatedAt), desc(notifications.id)).limit(per).offset((page - 1) * per),
    deps.db.select({ n: count() }).from(notifications).where(where),
  ]);
  const actors = await publicAccountsByIds(deps.db, rows.flatMap((r) => (r.actorId === null ? [] : [r.actorId])));
  const messages: Notification[] = rows.map((r) => {
    const actor = r.actorId === null ? undefined : actors.get(r.actorId);
    return {
      id: r.id,
      kind: r.kind as NotificationKind,
      actor: actor ? { id: actor.id, nickname: actor.nickname, avatar_url: actor.avatarUrl } : null,
      actor_count: r.actorCount,
      target_type: r.targetType,
      target_id: r.targetId,
      detail: r.detail,
      excerpt: r.excerpt,
      href: r.href,
      read: r.readAt !== null,
      created_at_timestamp: toTimestamp(r.createdAt),
      updated_at_timestamp: toTimestamp(r.updatedAt),
    };
  });
  return { messages, meta: { total_count: total!.n, page, per } };
}

/** Which unread notifications a mark-read takes: some ids, some kinds, or all. */
export type MarkSelection = { ids: readonly number[] } | { kinds: readonly NotificationKind[] } | { all: true };

/**
 * Marks the account's unread notifications read (docs/product/messaging.md#marking-read), in one transaction:
 * the rows first (locked in id order), then the total, then the kinds' counters, each lowered by the rows this
 * change turned read — the same order `notify` takes them, so the two never wait on each other in a circle.
 * Answers how many were read; a `counters` event carries the new total to the account's other tabs.
 */
export async function markRead(deps: Deps, accountId: number, selection: MarkSelection): Promise<number> {
  const which: SQL = 'ids' in selection
    ? sql`AND id = ANY(${sql.param([...selection.ids])}::bigint[])`
    : 'kinds' in selection ? sql`AND kind = ANY(${sql.param([...selection.kinds])}::text[])` : sql``;
  if ('ids' in selection && selection.ids.length === 0) return 0;
  if ('kinds' in selection && selection.kinds.length === 0) return 0;
  const now = deps.clock.now();
  const result = await (deps.db as Db).transaction(async (tx) => {
    const [row] = await rowsOf<{ read: number; total: number | null; kinds: { kind: string; n: number }[] | null }>(tx, sql`
      WITH picked AS (
        SELECT id FROM notifications WHERE recipient_id = ${accountId} AND read_at IS NULL ${which} ORDER BY id FOR UPDATE
      ), turned AS (
        UPDATE notifications n SET read_at = ${now.toISOString()}::timestamptz FROM picked WHERE n.id = picked.id AND n.read_at IS NULL
        RETURNING n.kind
      ), per_kind AS (
        SELECT kind, count(*)::int AS n FROM turned GROUP BY kind
      ), total AS (
        UPDATE notification_unread_totals SET unread = unread - (SELECT count(*) FROM turned)
         WHERE account_id = ${accountId} AND EXISTS (SELECT 1 FROM turned)
        RETURNING unread
      ), by_kind AS (
        UPDATE notification_unread_counts c SET unread = c.unread - p.n FROM per_kind p, (SELECT count(*) FROM total) t
         WHERE c.account_id = ${accountId} AND c.kind = p.kind
        RETURNING 1
      )
      SELECT (SELECT count(*)::int FROM turned) AS read, (SELECT unread FROM total) AS total,
             (SELECT count(*) FROM by_kind)::int AS kinds_changed`);
    const read = Number(row?.read ?? 0);
    if (read === 0) return { read, events: [] };
    const events = await appendLiveEvents(tx, [{ accountId, type: 'counters', data: { badges: { notifications: Number(row!.total) } } }], now);
    return { read, events };
  });
  await pushLiveEvents(deps, result.events);
  return result.read;
}
