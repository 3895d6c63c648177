import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Area } from '@lantern/domain';
import type { RedPacketEventOpening } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { fail } from '../../platform/errors.ts';
import { accountSummaries } from '../accounts/index.ts';
import { redPacketEvents, redPacketParts, redPackets } from './tables.ts';

/**
 * GET /api/events/{id}/openings (docs/product/deals.md#red-packet-event-openings): the latest parts opened across
 * every packet of the event, newest first, `limit` of them. Public: the opener's nickname and avatar, the cents
 * and when — never the account's id, the packet, its sharer or its share token. One statement for the rows (the
 * event, its packets by their event key, their opened parts by the packet key: it reads every opened part of the
 * event, which the shared cache of the route pays once per few seconds), one for the openers' faces.
 */
export async function eventOpenings(deps: Deps, area: Area, eventId: number, limit: number): Promise<{ openings: RedPacketEventOpening[] }> {
  const rows = await deps.db.select({
    id: redPacketParts.id, openerId: redPacketParts.openerId, amount: redPacketParts.amount, openedAt: redPacketParts.openedAt, currency: redPackets.currency,
    eventId: redPacketEvents.id,
  }).from(redPacketEvents)
    .leftJoin(redPackets, eq(redPackets.eventId, redPacketEvents.id))
    .leftJoin(redPacketParts, and(eq(redPacketParts.packetId, redPackets.id), isNotNull(redPacketParts.openerId)))
    .where(and(eq(redPacketEvents.id, eventId), eq(redPacketEvents.area, area)))
    // The event's row without an opened part (nulls) after every opening.
    .orderBy(sql`${redPacketParts.openedAt} desc nulls last`, desc(redPacketParts.id)).limit(limit);
  // The event itself is the first row whatever it holds (the left joins keep it): none, another site's or unknown.
  if (rows.length === 0) throw fail.notFound('event');
  const opened = rows.filter((r): r is typeof r & { id: number; openerId: number; amount: number; openedAt: Date; currency: 'CNY' | 'USD' } => r.id !== null && r.openerId !== null && r.openedAt !== null);
  const faces = await accountSummaries(deps.db, opened.map((r) => r.openerId));
  return {
    openings: opened.map((r) => {
      const face = faces.get(r.openerId);
      return { id: r.id, account: { nickname: face?.nickname ?? '', avatar_url: face?.avatar_url ?? null }, amount: r.amount, currency: r.currency, opened_at_timestamp: toTimestamp(r.openedAt) };
    }),
  };
}
