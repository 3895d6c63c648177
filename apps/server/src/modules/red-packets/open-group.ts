import { and, eq, inArray, sql } from 'drizzle-orm';
import { redPacketOpenRefusal, type Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { Db, Tx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { fail } from '../../platform/errors.ts';
import { creditWallets, findAccount } from '../accounts/index.ts';
import { notify } from '../notifications/index.ts';
import type { LiveEvent } from '../live/index.ts';
import { openingNotices, type OpenedPart } from './notices.ts';
import { facts, isUniqueViolation, type EventRow, type PacketRow } from './packets.ts';
import { redPacketEvents, redPacketParts, redPackets } from './tables.ts';

/** One account's opening of a shared packet, waiting in its event's lane (modules/red-packets/open-rush.ts). */
export interface GroupOpen {
  accountId: number;
  area: Area;
  eventId: number;
  packetId: number;
  shareId: string;
}

/**
 * The answer for a member the group could not decide alone: an account of the group opened a packet meanwhile
 * through another instance (the unique key stopped the group's transaction: every member), or the member's packet
 * had no free part left but parts another transaction still held (that member). It then opens alone, after the
 * group's commit, where waiting for those parts holds no lock of its own.
 */
export const OPEN_ALONE = Symbol('open alone');

export interface GroupOpened {
  amount: number;
  balanceAfter: number;
}

/** A packet of the group as its transaction read it, and every opener known after its commit. */
export interface GroupPacket {
  packet: PacketRow;
  /** The parts opened before the group, for the answers (`openAnswer`). */
  before: { opened: number; openedAmount: number };
  openers: Set<number>;
}

export interface OpenGroupResult {
  answers: (GroupOpened | Error | typeof OPEN_ALONE)[];
  /** The event and the packets the group read (none when its transaction was stopped). */
  event: EventRow | null;
  packets: Map<number, GroupPacket>;
  /** The openers' and the sharers' notices, written in the group's transaction: the lane pushes them after the commit. */
  told: LiveEvent[];
}

/** The event of this site and the packets the members name, each with its openers so far (one statement). */
async function packetsFacts(tx: Tx, area: Area, eventId: number, packetIds: readonly number[]) {
  const rows = await tx.select({
    event: redPacketEvents,
    packet: redPackets,
    openers: sql<(string | number)[]>`(select coalesce(array_agg(opener_id), '{}') from ${redPacketParts} where packet_id = ${redPackets.id} and opener_id is not null)`,
    openedAmount: sql<string>`(select coalesce(sum(amount), 0) from ${redPacketParts} where packet_id = ${redPackets.id} and opener_id is not null)`,
  }).from(redPackets).innerJoin(redPacketEvents, eq(redPacketEvents.id, redPackets.eventId))
    .where(and(inArray(redPackets.id, [...packetIds]), eq(redPackets.eventId, eventId), eq(redPacketEvents.area, area)));
  const packets = new Map<number, GroupPacket>(rows.map((row) => {
    const openers = new Set(row.openers.map(Number));
    return [row.packet.id, { packet: row.packet, before: { opened: openers.size, openedAmount: Number(row.openedAmount) }, openers }];
  }));
  return { event: rows[0]?.event ?? null, packets };
}

/**
 * The next unopened parts of each packet, one for each of its openers in order, for every packet in one
 * statement: SKIP LOCKED, so a group in another lane takes other parts without waiting, and this one never
 * waits while it holds parts (two groups each holding what the other waits for would deadlock).
 */
async function claimParts(tx: Tx, openings: readonly { packetId: number; accountId: number }[], now: Date) {
  const claimed = (await tx.execute(sql`
    WITH who AS (
      SELECT packet_id, opener, row_number() OVER (PARTITION BY packet_id ORDER BY ord) AS n
      FROM unnest(${sql.param(openings.map((o) => o.packetId))}::bigint[], ${sql.param(openings.map((o) => o.accountId))}::bigint[]) WITH ORDINALITY AS w(packet_id, opener, ord)
    ), wanted AS (SELECT packet_id, count(*) AS k FROM who GROUP BY packet_id ORDER BY packet_id),
    free AS (
      SELECT f.id, f.packet_id, row_number() OVER (PARTITION BY f.packet_id ORDER BY f.position) AS n
      FROM wanted, LATERAL (
        SELECT id, packet_id, position FROM ${redPacketParts} WHERE packet_id = wanted.packet_id AND opener_id IS NULL ORDER BY position LIMIT wanted.k
        FOR UPDATE SKIP LOCKED) AS f
    )
    UPDATE ${redPacketParts} AS p SET opener_id = who.opener, opened_at = ${now.toISOString()}::timestamptz
    FROM free JOIN who ON who.packet_id = free.packet_id AND who.n = free.n WHERE p.id = free.id
    RETURNING p.id, p.packet_id, p.opener_id, p.amount`)) as unknown as { rows: { id: string | number; packet_id: string | number; opener_id: string | number; amount: string | number }[] };
  return new Map(claimed.rows.map((r) => [`${r.packet_id}:${r.opener_id}`, { id: Number(r.id), amount: Number(r.amount) }]));
}

/** Of these packets, those with parts no opener holds yet: held by another transaction, since SKIP LOCKED passed them. */
async function packetsWithHeldParts(tx: Tx, packetIds: readonly number[]): Promise<Set<number>> {
  const rows = await tx.selectDistinct({ packetId: redPacketParts.packetId }).from(redPacketParts)
    .where(and(inArray(redPacketParts.packetId, [...packetIds]), sql`${redPacketParts.openerId} is null`));
  return new Set(rows.map((r) => r.packetId));
}

/**
 * Many accounts' openings of one event's shared packets in ONE transaction (docs/decisions/0047-lottery-and-red-packet-rush.md):
 * each member is answered as `openAlone` would have answered had they opened one after another in the group's
 * order — a share whose packet, event or token does not agree is 404, then the same refusals in the same order
 * (the window, already opened, the sharer or an account too old, no part left) — but the group reads the event
 * and its packets once, claims the parts of every packet in one statement (FOR UPDATE SKIP LOCKED: a part per
 * opening; the unique (packet, opener) key: one part per account), credits every wallet with its ledger row in
 * one statement and writes every notice of the group in one more.
 */
export async function openGroup(deps: Deps, db: Db, members: readonly GroupOpen[]): Promise<OpenGroupResult> {
  const now = deps.clock.now();
  const nowSec = toTimestamp(now);
  const first = members[0]!;
  try {
    return await db.transaction(async (tx): Promise<OpenGroupResult> => {
      const { event, packets } = await packetsFacts(tx, first.area, first.eventId, [...new Set(members.map((m) => m.packetId))]);
      const answers: OpenGroupResult['answers'] = members.map(() => new Error('not opened'));
      const partsLeft = new Map([...packets].map(([id, p]) => [id, p.packet.parts - p.openers.size]));
      const eligible: number[] = [];
      for (const [index, member] of members.entries()) {
        const known = packets.get(member.packetId);
        if (!event || !known || known.packet.shareToken !== member.shareId) {
          answers[index] = fail.notFound('red_packet_share');
          continue;
        }
        const opener = event.openersRegisteredAfter === null ? null : await findAccount(tx, member.accountId);
        const refusal = redPacketOpenRefusal({
          ...facts(event),
          isSharer: known.packet.accountId === member.accountId,
          registeredTooEarly: event.openersRegisteredAfter !== null && (!opener || opener.createdAt.getTime() < event.openersRegisteredAfter.getTime()),
          openedByMe: known.openers.has(member.accountId),
          partsLeft: partsLeft.get(member.packetId)!,
        }, nowSec);
        if (refusal) answers[index] = fail.unprocessable('red_packet', refusal);
        else {
          eligible.push(index);
          partsLeft.set(member.packetId, partsLeft.get(member.packetId)! - 1);
        }
      }
      if (!event || eligible.length === 0) return { answers, event, packets, told: [] };
      const claimed = await claimParts(tx, eligible.map((i) => members[i]!), now);
      // Members the free parts did not cover: where another transaction still holds parts (it may roll back),
      // they open alone after this commit rather than hear "all taken" too early; elsewhere none is left.
      const uncovered = eligible.filter((i) => !claimed.has(`${members[i]!.packetId}:${members[i]!.accountId}`));
      const held = uncovered.length > 0 ? await packetsWithHeldParts(tx, [...new Set(uncovered.map((i) => members[i]!.packetId))]) : new Set<number>();
      const opened = new Map<number, OpenedPart[]>();
      const credits: { accountId: number; amount: number }[] = [];
      for (const index of eligible) {
        const { accountId, packetId } = members[index]!;
        const part = claimed.get(`${packetId}:${accountId}`);
        if (part === undefined) {
          answers[index] = held.has(packetId) ? OPEN_ALONE : fail.unprocessable('red_packet', 'open_limit');
          continue;
        }
        credits.push({ accountId, amount: part.amount });
        packets.get(packetId)!.openers.add(accountId);
        opened.set(packetId, [...(opened.get(packetId) ?? []), { openerId: accountId, partId: part.id, amount: part.amount }]);
      }
      // One currency per site: every packet of the event is in it.
      const balances = await creditWallets(tx, credits, { currency: packets.values().next().value!.packet.currency, reason: 'red_packet', now });
      for (const index of eligible) {
        const balanceAfter = balances.get(members[index]!.accountId);
        const part = claimed.get(`${members[index]!.packetId}:${members[index]!.accountId}`);
        if (part !== undefined && balanceAfter !== undefined) answers[index] = { amount: part.amount, balanceAfter };
      }
      // Last, one statement for the whole group (decisions/0027): each opener's notice, and each sharer's, whose
      // rows for one packet merge into one unread notice counting the openers.
      const told = await notify(tx, deps, [...opened].flatMap(([packetId, parts]) => openingNotices(event, packets.get(packetId)!.packet, parts)));
      return { answers, event, packets, told };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { answers: members.map(() => OPEN_ALONE), event: null, packets: new Map(), told: [] };
    throw error;
  }
}
