import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Area } from '@lantern/domain';
import type { Broadcast } from '@lantern/contract';
import type { Db } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { rowsOf } from '../../platform/db/json-rows.ts';
import { appendLiveEvents, EVERYONE, pushLiveEvents } from '../live/index.ts';
import { findAccount } from '../accounts/index.ts';
import { notificationBroadcastReads, notificationBroadcasts } from './tables.ts';

/** How many of a site's newest broadcasts the centre lists. */
const BROADCASTS_SHOWN = 20;

type BroadcastSite = 'native' | 'abroad' | 'both';

/**
 * Creates a broadcast (docs/product/messaging.md#broadcasts): one row whoever reads it, and one event on the
 * everyone stream, pushed after commit. No row per recipient is written: a reader's unread broadcasts are
 * those of their site since they joined that they have not marked read.
 */
export async function createBroadcast(deps: Deps, input: { area: BroadcastSite; title: string; content: string; href?: string | null }) {
  const now = deps.clock.now();
  const { row, events } = await (deps.db as Db).transaction(async (tx) => {
    const [row] = await tx.insert(notificationBroadcasts).values({ area: input.area, title: input.title, content: input.content, href: input.href ?? null, createdAt: now }).returning();
    const events = await appendLiveEvents(tx, [{
      accountId: EVERYONE,
      type: 'broadcast',
      data: { id: row!.id, area: row!.area, bar: { kind: 'broadcast', actor: null, excerpt: row!.title, href: row!.href ?? '/messages?tab=broadcasts' } },
    }], now);
    return { row: row!, events };
  });
  await pushLiveEvents(deps, events);
  return { broadcast: { id: row.id, area: row.area as BroadcastSite, title: row.title, content: row.content, href: row.href, created_at_timestamp: toTimestamp(row.createdAt) } };
}

const seenOn = (area: Area) => inArray(notificationBroadcasts.area, [area, 'both']);

/** The site's newest broadcasts, which of them the account read, and how many since it joined it has not. */
export async function broadcastsFor(deps: Deps, accountId: number, area: Area): Promise<{ broadcasts: Broadcast[]; readIds: number[]; unread: number }> {
  const account = await findAccount(deps.db, accountId);
  const since = account?.createdAt ?? deps.clock.now();
  const [rows, [unread]] = await Promise.all([
    deps.db.select().from(notificationBroadcasts).where(seenOn(area)).orderBy(desc(notificationBroadcasts.createdAt), desc(notificationBroadcasts.id)).limit(BROADCASTS_SHOWN),
    rowsOf<{ n: number }>(deps.db, sql`
      SELECT count(*)::int AS n FROM notification_broadcasts b
       WHERE b.area IN (${area}, 'both') AND b.created_at >= ${since.toISOString()}::timestamptz
         AND NOT EXISTS (SELECT 1 FROM notification_broadcast_reads r WHERE r.account_id = ${accountId} AND r.broadcast_id = b.id)`),
  ]);
  const reads = rows.length === 0 ? [] : await deps.db.select({ id: notificationBroadcastReads.broadcastId }).from(notificationBroadcastReads)
    .where(and(eq(notificationBroadcastReads.accountId, accountId), inArray(notificationBroadcastReads.broadcastId, rows.map((r) => r.id))));
  const read = new Set(reads.map((r) => r.id));
  return {
    broadcasts: rows.map((r) => ({
      id: r.id, area: r.area as BroadcastSite, title: r.title, content: r.content, href: r.href, read: read.has(r.id), created_at_timestamp: toTimestamp(r.createdAt),
    })),
    readIds: [...read],
    unread: Number(unread?.n ?? 0),
  };
}

/** Marks broadcasts of the site read for the account (ids of another site or unknown are ignored). */
export async function markBroadcastsRead(deps: Deps, accountId: number, area: Area, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await deps.db.execute(sql`
    INSERT INTO notification_broadcast_reads (broadcast_id, account_id, read_at)
    SELECT id, ${accountId}, ${deps.clock.now().toISOString()}::timestamptz FROM notification_broadcasts
     WHERE id = ANY(${sql.param([...ids])}::bigint[]) AND area IN (${area}, 'both')
    ON CONFLICT DO NOTHING`);
}
