import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  RED_PACKET_DETAIL_PER, redPacketEventStatus, redPacketOpenRefusal, redPacketRole, redPacketTakeRefusal, SITES, splitRedPacket, type Area,
} from '@lantern/domain';
import { WEB_PAGES, type RedPacket, type RedPacketEvent, type RedPacketShare } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { newToken } from '../../platform/crypto.ts';
import { fail } from '../../platform/errors.ts';
import { accountSummaries, creditWallet, findAccount } from '../accounts/index.ts';
import { notify } from '../notifications/index.ts';
import { pushLiveEvents } from '../live/index.ts';
import { openingNotices } from './notices.ts';
import { redPacketEvents, redPacketParts, redPackets } from './tables.ts';

export type EventRow = typeof redPacketEvents.$inferSelect;
export type PacketRow = typeof redPackets.$inferSelect;

/**
 * Attempts per account before anything is compared (docs/product/deals.md#red-packet-reasons): taking more
 * than 5 times in 10 seconds, or opening more than 30 times a minute, is "too fast" (429 `access_wait`).
 */
const TAKE_BUDGET = { limit: 5, windowSeconds: 10 };
const OPEN_BUDGET = { limit: 30, windowSeconds: 60 };

export const facts = (event: EventRow) => ({ from_timestamp: toTimestamp(event.fromAt), to_timestamp: toTimestamp(event.toAt), closed: event.closed });

async function throttle(deps: Deps, key: string, budget: { limit: number; windowSeconds: number }): Promise<void> {
  const hit = await deps.limiter.hit(key, budget.limit, budget.windowSeconds);
  if (!hit.allowed) throw fail.tooMany('access_wait', hit.retryAfter);
}

/** The event of this site, or 404 "resource not found". */
async function eventOf(db: DbOrTx, area: Area, eventId: number): Promise<EventRow> {
  const [event] = await db.select().from(redPacketEvents).where(and(eq(redPacketEvents.id, eventId), eq(redPacketEvents.area, area))).limit(1);
  if (!event) throw fail.notFound('event');
  return event;
}

/** Opened parts of each packet, and the viewer's own part. */
async function packetStats(db: DbOrTx, packetId: number, viewerId: number | null) {
  const [row] = await db.select({
    opened: sql<number>`count(*) filter (where ${redPacketParts.openerId} is not null)::int`,
    openedAmount: sql<string>`coalesce(sum(${redPacketParts.amount}) filter (where ${redPacketParts.openerId} is not null), 0)`,
    mine: viewerId === null ? sql<null>`null` : sql<string | null>`max(${redPacketParts.amount}) filter (where ${redPacketParts.openerId} = ${viewerId})`,
  }).from(redPacketParts).where(eq(redPacketParts.packetId, packetId));
  return { opened: Number(row?.opened ?? 0), openedAmount: Number(row?.openedAmount ?? 0), mine: row?.mine == null ? null : Number(row.mine) };
}

async function presentPacket(db: DbOrTx, packet: PacketRow, viewerId: number | null): Promise<RedPacket> {
  const [stats, sharers] = await Promise.all([packetStats(db, packet.id, viewerId), accountSummaries(db, [packet.accountId])]);
  const sharer = sharers.get(packet.accountId);
  return {
    id: packet.id,
    event_id: packet.eventId,
    amount: packet.amount,
    currency: packet.currency,
    parts: packet.parts,
    opened_count: stats.opened,
    opened_amount: stats.openedAmount,
    sharer: { id: packet.accountId, nickname: sharer?.nickname ?? '', avatar_url: sharer?.avatar_url ?? null },
    role: redPacketRole(viewerId, packet.accountId),
    my_part: stats.mine,
    created_at_timestamp: toTimestamp(packet.createdAt),
  };
}

function presentEventOnly(event: EventRow, now: Date): Omit<RedPacketEvent, 'red_packets'> {
  return {
    id: event.id,
    area: event.area,
    title: event.title,
    amount: event.amount,
    currency: SITES[event.area].currency,
    parts: event.parts,
    packet_count: event.packetCount,
    packets_left: event.packetsLeft,
    from_timestamp: toTimestamp(event.fromAt),
    to_timestamp: toTimestamp(event.toAt),
    openers_registered_after_timestamp: toTimestamp(event.openersRegisteredAfter),
    status: redPacketEventStatus(facts(event), toTimestamp(now)),
  };
}

async function ownPacket(db: DbOrTx, eventId: number, accountId: number): Promise<PacketRow | undefined> {
  const [row] = await db.select().from(redPackets).where(and(eq(redPackets.eventId, eventId), eq(redPackets.accountId, accountId))).limit(1);
  return row;
}

/** GET /api/red_packet_events: the site's open events (not closed, not past their end), soonest ending first. */
export async function liveEvents(deps: Deps, area: Area) {
  const now = deps.clock.now();
  const rows = await deps.db.select().from(redPacketEvents)
    .where(and(eq(redPacketEvents.area, area), eq(redPacketEvents.closed, false), gt(redPacketEvents.toAt, now)))
    .orderBy(asc(redPacketEvents.toAt), asc(redPacketEvents.id)).limit(20);
  return { events: rows.map((row) => presentEventOnly(row, now)) };
}

/** GET /api/events/{id}: the event and, for a signed-in account, the packet it took (`red_packets`, at most one). */
export async function showEvent(deps: Deps, area: Area, eventId: number, viewerId: number | null): Promise<{ event: RedPacketEvent }> {
  const event = await eventOf(deps.db, area, eventId);
  const own = viewerId === null ? undefined : await ownPacket(deps.db, eventId, viewerId);
  return { event: { ...presentEventOnly(event, deps.clock.now()), red_packets: own ? [await presentPacket(deps.db, own, viewerId)] : [] } };
}

/**
 * GET /api/events/{id}/red_packets/{rid}: a packet, to its sharer or an account that opened a part of it; to
 * anyone else it does not exist (a recipient reaches it through the share link).
 */
export async function showPacket(deps: Deps, area: Area, eventId: number, packetId: number, viewerId: number | null): Promise<{ red_packet: RedPacket }> {
  await eventOf(deps.db, area, eventId);
  const [packet] = await deps.db.select().from(redPackets).where(and(eq(redPackets.id, packetId), eq(redPackets.eventId, eventId))).limit(1);
  if (!packet || viewerId === null) throw fail.notFound('red_packet');
  const presented = await presentPacket(deps.db, packet, viewerId);
  if (presented.role !== 'sharer' && presented.my_part === null) throw fail.notFound('red_packet');
  return { red_packet: presented };
}

/**
 * POST /api/events/{id}/red_packets (docs/product/deals.md#red-packet-take): the account takes its packet.
 * Its amount is split into its parts now (crypto.randomInt), each part a row the openings claim. One
 * transaction: the packet (unique per account and event: `own_limit` under concurrent takes), one packet
 * fewer left (a conditional decrement: `exhausted` when none), the parts.
 */
export async function takePacket(deps: Deps, area: Area, eventId: number, accountId: number): Promise<{ red_packet: RedPacket }> {
  await throttle(deps, `rp-take:${accountId}`, TAKE_BUDGET);
  const event = await eventOf(deps.db, area, eventId);
  const now = deps.clock.now();
  const taken = (await ownPacket(deps.db, eventId, accountId)) !== undefined;
  const refusal = redPacketTakeRefusal({ ...facts(event), taken, packetsLeft: event.packetsLeft }, toTimestamp(now));
  if (refusal) throw fail.unprocessable('red_packet', refusal);
  const parts = splitRedPacket(event.amount, event.parts, randomInt);
  const packet = await deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(redPackets).values({
      eventId, accountId, amount: event.amount, currency: SITES[area].currency, parts: event.parts, shareToken: newToken(), createdAt: now,
    }).onConflictDoNothing().returning();
    if (!row) throw fail.unprocessable('red_packet', 'own_limit');
    const left = await tx.update(redPacketEvents).set({ packetsLeft: sql`${redPacketEvents.packetsLeft} - 1` })
      .where(and(eq(redPacketEvents.id, eventId), sql`${redPacketEvents.packetsLeft} > 0`)).returning({ left: redPacketEvents.packetsLeft });
    if (left.length === 0) throw fail.unprocessable('red_packet', 'exhausted');
    await tx.insert(redPacketParts).values(parts.map((amount, position) => ({ packetId: row.id, position, amount })));
    return row;
  });
  return { red_packet: await presentPacket(deps.db, packet, accountId) };
}

const sharePath = (eventId: number, packetId: number, token: string) =>
  WEB_PAGES.redPacketShare.replace(':id', String(eventId)).replace(':rid', String(packetId)).replace(':sid', token);

async function presentShare(db: DbOrTx, event: EventRow, packet: PacketRow, viewerId: number | null, now: Date): Promise<RedPacketShare> {
  return {
    id: packet.shareToken,
    event_id: event.id,
    red_packet_id: packet.id,
    path: sharePath(event.id, packet.id, packet.shareToken),
    red_packet: await presentPacket(db, packet, viewerId),
    event: presentEventOnly(event, now),
  };
}

/** GET …/red_packets/{rid}/shares/new (the app's share link): the share of the sharer's own packet; anyone else: 404. */
export async function newShare(deps: Deps, area: Area, eventId: number, packetId: number, accountId: number): Promise<{ red_packet_share: RedPacketShare }> {
  const event = await eventOf(deps.db, area, eventId);
  const packet = await ownPacket(deps.db, eventId, accountId);
  if (!packet || packet.id !== packetId) throw fail.notFound('red_packet');
  return { red_packet_share: await presentShare(deps.db, event, packet, accountId, deps.clock.now()) };
}

/** The packet a share link names: the event, the packet and its token must all agree, else 404. */
async function sharedPacket(db: DbOrTx, eventId: number, packetId: number, shareId: string): Promise<PacketRow> {
  const [packet] = await db.select().from(redPackets)
    .where(and(eq(redPackets.id, packetId), eq(redPackets.eventId, eventId), eq(redPackets.shareToken, shareId))).limit(1);
  if (!packet) throw fail.notFound('red_packet_share');
  return packet;
}

/** GET …/shares/{sid}: the shared packet as its sharer, a recipient or a visitor sees it (docs/product/deals.md#red-packets). */
export async function showShare(deps: Deps, area: Area, eventId: number, packetId: number, shareId: string, viewerId: number | null): Promise<{ red_packet_share: RedPacketShare }> {
  const event = await eventOf(deps.db, area, eventId);
  const packet = await sharedPacket(deps.db, eventId, packetId, shareId);
  return { red_packet_share: await presentShare(deps.db, event, packet, viewerId, deps.clock.now()) };
}

export const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/**
 * The next unopened part, claimed for the opener: SKIP LOCKED, so parallel openers each take a different
 * part without waiting. When every unopened part is held by an opening still in flight, wait for one
 * (it may roll back, as an account's second opening does) rather than answer "all taken" too early.
 */
async function claimPart(tx: DbOrTx, packetId: number, accountId: number, now: Date): Promise<{ id: number; amount: number } | null> {
  const claim = (lock: 'skip' | 'wait') => tx.update(redPacketParts).set({ openerId: accountId, openedAt: now })
    .where(eq(redPacketParts.id, sql`(select id from ${redPacketParts} where packet_id = ${packetId} and opener_id is null order by position limit 1 for update ${lock === 'skip' ? sql`skip locked` : sql``})`))
    .returning({ id: redPacketParts.id, amount: redPacketParts.amount });
  for (let attempt = 0; attempt < 4; attempt++) {
    const [claimed] = await claim(attempt === 0 ? 'skip' : 'wait');
    if (claimed) return claimed;
    const [left] = await tx.select({ n: count() }).from(redPacketParts).where(and(eq(redPacketParts.packetId, packetId), isNull(redPacketParts.openerId)));
    if ((left?.n ?? 0) === 0) return null;
  }
  return null;
}

/**
 * What an opening reads before it claims, in one statement: the event of this site, the packet the share
 * link names (event, packet and token must all agree) and its opened parts, with the opener's own part.
 */
async function openingFacts(db: DbOrTx, area: Area, eventId: number, packetId: number, shareId: string, accountId: number) {
  const [row] = await db.select({
    event: redPacketEvents,
    packet: redPackets,
    opened: sql<number>`(select count(*)::int from ${redPacketParts} where packet_id = ${redPackets.id} and opener_id is not null)`,
    openedAmount: sql<string>`(select coalesce(sum(amount), 0) from ${redPacketParts} where packet_id = ${redPackets.id} and opener_id is not null)`,
    mine: sql<string | null>`(select amount from ${redPacketParts} where packet_id = ${redPackets.id} and opener_id = ${accountId})`,
  }).from(redPackets).innerJoin(redPacketEvents, eq(redPacketEvents.id, redPackets.eventId))
    .where(and(eq(redPackets.id, packetId), eq(redPackets.eventId, eventId), eq(redPackets.shareToken, shareId), eq(redPacketEvents.area, area))).limit(1);
  if (!row) throw fail.notFound('red_packet_share');
  return { ...row, opened: Number(row.opened), openedAmount: Number(row.openedAmount), mine: row.mine == null ? null : Number(row.mine) };
}

/** Counts the opening against the account's budget (before anything is compared): 429 `access_wait` when over. */
export const throttleOpening = (deps: Deps, accountId: number) => throttle(deps, `rp-open:${accountId}`, OPEN_BUDGET);

export type OpenAnswer = { red_packet_open: { amount: number; currency: 'CNY' | 'USD'; balance_after: number }; red_packet_share: RedPacketShare };

/**
 * One opening on its own (docs/product/deals.md#red-packet-open; its throttle already counted): another
 * account opens one part; its cents are credited to the opener's wallet with a `red_packet` ledger row, in the
 * same transaction as the claim, with the opener's and the sharer's notices (pushed live after the commit,
 * docs/product/messaging.md#red-packet-opened). Refusals are read first, in one statement without a transaction; the claim
 * then holds them under concurrency: a part per opening (SKIP LOCKED), one part per account (the unique key).
 * A share that does not exist answers 404 (the web says "system busy"). The rush's path is open-rush.ts.
 */
export async function openAlone(deps: Deps, area: Area, eventId: number, packetId: number, shareId: string, accountId: number): Promise<OpenAnswer> {
  const { event, packet, opened: openedBefore, openedAmount, mine } = await openingFacts(deps.db, area, eventId, packetId, shareId, accountId);
  const now = deps.clock.now();
  const opener = event.openersRegisteredAfter === null ? null : await findAccount(deps.db, accountId);
  const refusal = redPacketOpenRefusal({
    ...facts(event),
    isSharer: packet.accountId === accountId,
    registeredTooEarly: event.openersRegisteredAfter !== null && (!opener || opener.createdAt.getTime() < event.openersRegisteredAfter.getTime()),
    openedByMe: mine !== null,
    partsLeft: packet.parts - openedBefore,
  }, toTimestamp(now));
  if (refusal) throw fail.unprocessable('red_packet', refusal);
  // The sharer's byline, read beside the transaction rather than after it.
  const sharers = accountSummaries(deps.db, [packet.accountId]);
  sharers.catch(() => undefined);
  let opened: { amount: number; balanceAfter: number };
  try {
    const done = await deps.db.transaction(async (tx) => {
      const part = await claimPart(tx, packet.id, accountId, now);
      if (part === null) throw fail.unprocessable('red_packet', 'open_limit');
      const balanceAfter = await creditWallet(tx, { accountId, currency: packet.currency, amount: part.amount, reason: 'red_packet', now });
      // Last: the notices take the accounts' unread totals, held to the commit (decisions/0027).
      const told = await notify(tx, deps, openingNotices(event, packet, [{ openerId: accountId, partId: part.id, amount: part.amount }]));
      return { opened: { amount: part.amount, balanceAfter }, told };
    });
    opened = done.opened;
    await pushLiveEvents(deps, done.told);
  } catch (err) {
    // The same account opening at the same moment: the unique (packet, opener) key let one through.
    if (isUniqueViolation(err)) throw fail.unprocessable('red_packet', 'opened');
    throw err;
  }
  return openAnswer(event, packet, { opened: openedBefore, openedAmount }, opened, (await sharers).get(packet.accountId), now);
}

/**
 * An opening's answer: the packet as read before the claim plus the part opened (the page reloads the share
 * for the exact figures), with the cents credited and the balance they gave.
 */
export function openAnswer(
  event: EventRow, packet: PacketRow, before: { opened: number; openedAmount: number }, opened: { amount: number; balanceAfter: number },
  sharer: { nickname: string; avatar_url: string | null } | undefined, now: Date,
): OpenAnswer {
  return {
    red_packet_open: { amount: opened.amount, currency: packet.currency, balance_after: opened.balanceAfter },
    red_packet_share: {
      id: packet.shareToken,
      event_id: event.id,
      red_packet_id: packet.id,
      path: sharePath(event.id, packet.id, packet.shareToken),
      red_packet: {
        id: packet.id, event_id: packet.eventId, amount: packet.amount, currency: packet.currency, parts: packet.parts,
        opened_count: before.opened + 1, opened_amount: before.openedAmount + opened.amount,
        sharer: { id: packet.accountId, nickname: sharer?.nickname ?? '', avatar_url: sharer?.avatar_url ?? null },
        role: 'recipient', my_part: opened.amount, created_at_timestamp: toTimestamp(packet.createdAt),
      },
      event: presentEventOnly(event, now),
    },
  };
}

/**
 * GET /api/events/{id}/accounts_red_packets (docs/product/deals.md#red-packet-detail): who opened what of one
 * packet, newest first, 4 a page. The packet is the share's (`share_id`), one the viewer shared or opened
 * (`red_packet_id`), or else the viewer's own; none: an empty page.
 */
export async function listOpenings(
  deps: Deps, area: Area, eventId: number, viewerId: number | null, query: { page: number; red_packet_id?: number | undefined; share_id?: string | undefined },
) {
  await eventOf(deps.db, area, eventId);
  let packetId: number | null = null;
  if (query.share_id !== undefined) {
    const [packet] = await deps.db.select({ id: redPackets.id }).from(redPackets).where(and(eq(redPackets.eventId, eventId), eq(redPackets.shareToken, query.share_id))).limit(1);
    if (!packet) throw fail.notFound('red_packet_share');
    packetId = packet.id;
  } else if (query.red_packet_id !== undefined) {
    packetId = (await showPacket(deps, area, eventId, query.red_packet_id, viewerId)).red_packet.id;
  } else if (viewerId !== null) {
    packetId = (await ownPacket(deps.db, eventId, viewerId))?.id ?? null;
  }
  const per = RED_PACKET_DETAIL_PER;
  if (packetId === null) return { accounts_red_packets: [], meta: { total_count: 0, page: query.page, per, red_packet_id: null } };
  const opened = and(eq(redPacketParts.packetId, packetId), isNotNull(redPacketParts.openerId));
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(redPacketParts).where(opened).orderBy(desc(redPacketParts.openedAt), desc(redPacketParts.id)).limit(per).offset((query.page - 1) * per),
    deps.db.select({ n: count() }).from(redPacketParts).where(opened),
  ]);
  const accounts = await accountSummaries(deps.db, rows.map((r) => r.openerId!));
  return {
    accounts_red_packets: rows.map((r) => {
      const account = accounts.get(r.openerId!);
      return {
        id: r.id,
        account: { id: r.openerId!, nickname: account?.nickname ?? '', avatar_url: account?.avatar_url ?? null },
        amount: r.amount,
        opened_at_timestamp: toTimestamp(r.openedAt!),
        mine: r.openerId === viewerId,
      };
    }),
    meta: { total_count: total?.n ?? 0, page: query.page, per, red_packet_id: packetId },
  };
}

/** The parts of a packet in order, for staff and tests: every part's cents and opener. */
export async function partsOf(db: DbOrTx, packetId: number) {
  return db.select().from(redPacketParts).where(eq(redPacketParts.packetId, packetId)).orderBy(asc(redPacketParts.position));
}
