import { and, eq, sql } from 'drizzle-orm';
import { redPacketOpenRefusal, type Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { Db, Tx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { fail } from '../../platform/errors.ts';
import { creditWallets, findAccount } from '../accounts/index.ts';
import { notify } from '../notifications/index.ts';
import type { LiveEvent } from '../live/index.ts';
import { openingNotices } from './notices.ts';
import { facts, isUniqueViolation, type EventRow, type PacketRow } from './packets.ts';
import { redPacketEvents, redPacketParts, redPackets } from './tables.ts';

/** One account's opening of a shared packet, waiting in a lane (modules/red-packets/open-rush.ts). */
export interface GroupOpen {
  accountId: number;
  area: Area;
  eventId: number;
  packetId: number;
  shareId: string;
}

/**
 * The answer for every member when the group could not decide alone: an account of the group opened the packet
 * meanwhile through another instance (the unique key stopped the group's transaction). Each then opens alone.
 */
export const OPEN_ALONE = Symbol('open alone');

export interface GroupOpened {
  amount: number;
  balanceAfter: number;
}

export interface OpenGroupResult {
  answers: (GroupOpened | Error | typeof OPEN_ALONE)[];
  /** The event and packet read by the group, the parts opened before it, and every opener known after its commit. */
  event: EventRow | null;
  packet: PacketRow | null;
  before: { opened: number; openedAmount: number };
  openers: Set<number>;
  /** The openers' and the sharer's notices, written in the group's transaction: the lane pushes them after the commit. */
  told: LiveEvent[];
}

/** The event of this site and the packet the share names (all three must agree, else 404), with its openers so far. */
async function packetFacts(tx: Tx, member: GroupOpen) {
  const [row] = await tx.select({
    event: redPacketEvents,
    packet: redPackets,
    openers: sql<(string | number)[]>`(select coalesce(array_agg(opener_id), '{}') from ${redPacketParts} where packet_id = ${redPackets.id} and opener_id is not null)`,
    openedAmount: sql<string>`(select coalesce(sum(amount), 0) from ${redPacketParts} where packet_id = ${redPackets.id} and opener_id is not null)`,
  }).from(redPackets).innerJoin(redPacketEvents, eq(redPacketEvents.id, redPackets.eventId))
    .where(and(eq(redPackets.id, member.packetId), eq(redPackets.eventId, member.eventId), eq(redPackets.shareToken, member.shareId), eq(redPacketEvents.area, member.area))).limit(1);
  if (!row) throw fail.notFound('red_packet_share');
  return { event: row.event, packet: row.packet, openers: new Set(row.openers.map(Number)), openedAmount: Number(row.openedAmount) };
}

/**
 * The next unopened parts, one for each opener in order (as many as there are): SKIP LOCKED, so a group in
 * another lane takes other parts without waiting; `wait` waits for the parts another group holds (it may roll back).
 */
async function claimParts(tx: Tx, packetId: number, openers: readonly number[], now: Date, lock: 'skip' | 'wait'): Promise<Map<number, { id: number; amount: number }>> {
  const claimed = (await tx.execute(sql`
    WITH free AS (
      SELECT id, row_number() OVER (ORDER BY position) AS n FROM (
        SELECT id, position FROM ${redPacketParts} WHERE packet_id = ${packetId} AND opener_id IS NULL ORDER BY position LIMIT ${openers.length}
        FOR UPDATE ${lock === 'skip' ? sql`SKIP LOCKED` : sql``}) AS f
    ), who AS (SELECT opener, n FROM unnest(${sql.param([...openers])}::bigint[]) WITH ORDINALITY AS w(opener, n))
    UPDATE ${redPacketParts} AS p SET opener_id = who.opener, opened_at = ${now.toISOString()}::timestamptz
    FROM free JOIN who ON who.n = free.n WHERE p.id = free.id
    RETURNING p.id, p.opener_id, p.amount`)) as unknown as { rows: { id: string | number; opener_id: string | number; amount: string | number }[] };
  return new Map(claimed.rows.map((r) => [Number(r.opener_id), { id: Number(r.id), amount: Number(r.amount) }]));
}

/**
 * Many accounts' openings of one shared packet in ONE transaction (docs/decisions/0047-lottery-and-red-packet-rush.md):
 * each member is answered as `openAlone` would have answered had they opened one after another in the group's
 * order — the same refusals in the same order (the window, already opened, the sharer or an account too old,
 * no part left) — but the group reads the packet once, claims its parts in one statement (FOR UPDATE SKIP
 * LOCKED: a part per opening; the unique (packet, opener) key: one part per account), credits every
 * wallet with its ledger row in one statement and writes every notice of the group in one more.
 */
export async function openGroup(deps: Deps, db: Db, members: readonly GroupOpen[]): Promise<OpenGroupResult> {
  const now = deps.clock.now();
  const nowSec = toTimestamp(now);
  try {
    return await db.transaction(async (tx): Promise<OpenGroupResult> => {
      const { event, packet, openers, openedAmount } = await packetFacts(tx, members[0]!);
      const before = { opened: openers.size, openedAmount };
      const answers: OpenGroupResult['answers'] = members.map(() => new Error('not opened'));
      let partsLeft = packet.parts - openers.size;
      const eligible: number[] = [];
      for (const [index, member] of members.entries()) {
        const opener = event.openersRegisteredAfter === null ? null : await findAccount(tx, member.accountId);
        const refusal = redPacketOpenRefusal({
          ...facts(event),
          isSharer: packet.accountId === member.accountId,
          registeredTooEarly: event.openersRegisteredAfter !== null && (!opener || opener.createdAt.getTime() < event.openersRegisteredAfter.getTime()),
          openedByMe: openers.has(member.accountId),
          partsLeft,
        }, nowSec);
        if (refusal) answers[index] = fail.unprocessable('red_packet', refusal);
        else {
          eligible.push(index);
          partsLeft -= 1;
        }
      }
      const amounts = new Map<number, { id: number; amount: number }>();
      let waiting = eligible.map((i) => members[i]!.accountId);
      for (let attempt = 0; attempt < 4 && waiting.length > 0; attempt++) {
        const claimed = await claimParts(tx, packet.id, waiting, now, attempt === 0 ? 'skip' : 'wait');
        for (const [accountId, amount] of claimed) amounts.set(accountId, amount);
        waiting = waiting.filter((accountId) => !claimed.has(accountId));
        // Parts held by another group: wait for them once they are not all gone (another attempt, without SKIP).
        if (waiting.length > 0 && claimed.size === 0) {
          const [left] = await tx.select({ n: sql<number>`count(*)::int` }).from(redPacketParts).where(and(eq(redPacketParts.packetId, packet.id), sql`${redPacketParts.openerId} is null`));
          if (Number(left?.n ?? 0) === 0) break;
        }
      }
      const balances = await creditWallets(tx, [...amounts].map(([accountId, part]) => ({ accountId, amount: part.amount })), { currency: packet.currency, reason: 'red_packet', now });
      const opened: { openerId: number; partId: number; amount: number }[] = [];
      for (const index of eligible) {
        const accountId = members[index]!.accountId;
        const part = amounts.get(accountId);
        answers[index] = part === undefined ? fail.unprocessable('red_packet', 'open_limit') : { amount: part.amount, balanceAfter: balances.get(accountId)! };
        if (part !== undefined) {
          openers.add(accountId);
          opened.push({ openerId: accountId, partId: part.id, amount: part.amount });
        }
      }
      // Last, one statement for the whole group (decisions/0027): each opener's notice, and the sharer's, whose
      // rows for this packet merge into one unread notice counting the openers.
      const told = await notify(tx, deps, openingNotices(event, packet, opened));
      return { answers, event, packet, before, openers, told };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { answers: members.map(() => OPEN_ALONE), event: null, packet: null, before: { opened: 0, openedAmount: 0 }, openers: new Set(), told: [] };
    throw error;
  }
}
