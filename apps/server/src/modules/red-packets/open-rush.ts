import { redPacketOpenRefusal, type Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { GroupLanes } from '../../platform/group-lanes.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { fail } from '../../platform/errors.ts';
import { accountSummaries } from '../accounts/index.ts';
import { pushLiveEvents } from '../live/index.ts';
import { OPEN_ALONE, openGroup, type GroupOpen, type GroupOpened } from './open-group.ts';
import { facts, openAlone, openAnswer, throttleOpening, type EventRow, type OpenAnswer, type PacketRow } from './packets.ts';

/**
 * How long an instance answers from what PostgreSQL last told it of a packet (its openers, the event's window)
 * without asking again: after it, one opening goes to the database and reads them again.
 */
export const PACKET_MEMORY_MS = 1000;
const MAX_REMEMBERED = 10_000;

const packetKey = (area: Area, eventId: number, packetId: number, shareId: string) => `${area}:${eventId}:${packetId}:${shareId}`;
const isOpened = (answer: GroupOpened | Error | typeof OPEN_ALONE | undefined): answer is GroupOpened => answer !== undefined && answer !== OPEN_ALONE && !(answer instanceof Error);

/** Staff edits of events (closing, the end) bump this, so this instance stops answering from the rows it read. */
let eventsVersion = 0;
export const redPacketEventsChanged = () => void (eventsVersion += 1);

/** A member's part, with what its answer shows: the packet as the group read it and the sharer's byline. */
interface Opened {
  opened: GroupOpened;
  event: EventRow;
  packet: PacketRow;
  before: { opened: number; openedAmount: number };
  sharer: { nickname: string; avatar_url: string | null } | undefined;
}

interface KnownPacket {
  event: EventRow;
  packet: PacketRow;
  /** Accounts PostgreSQL committed as openers: parts are never given back, so the set only grows. */
  openers: Set<number>;
  atMs: number;
  version: number;
}

/**
 * POST …/shares/{sid}/opens in a rush (docs/product/deals.md#red-packet-open; docs/decisions/0047-lottery-and-red-packet-rush.md).
 * The attempt is counted first (the 30-a-minute budget). Then the instance's memory of the packet, from the
 * last group that opened it: when the answer is a sure refusal — the event over, the account already among
 * the openers, the sharer, every part opened — it is given there, with no SQL. The memory holds only what
 * PostgreSQL committed, in this process (nothing shared, so no Redis outage can make it wrong); it gives no
 * refusal for an event that limits openers by sign-up date (that needs the account's row). Otherwise the
 * opening waits in its event's lane and is made with the others waiting for any packet of the event in one
 * transaction (`openGroup`); if the group meets another instance's opening by one of its accounts, each opens
 * alone, as does a member whose packet's last parts another transaction still holds.
 */
export function openingRush(deps: Deps) {
  const known = new Map<string, KnownPacket>();
  const lanes = new GroupLanes<GroupOpen, Opened | typeof OPEN_ALONE, string>(deps.db, async (db, _event, members) => {
    const result = await openGroup(deps, db, members);
    await pushLiveEvents(deps, result.told);
    const event = result.event;
    if (!event) return result.answers as (Error | typeof OPEN_ALONE)[];
    if (known.size + result.packets.size > MAX_REMEMBERED) known.clear();
    const atMs = deps.clock.now().getTime();
    for (const { packet, openers } of result.packets.values()) {
      // Groups of one packet in two lanes each read the openers before the other committed: every opener either
      // saw is committed, and parts are never given back, so the memory keeps them all.
      const key = packetKey(event.area, event.id, packet.id, packet.shareToken);
      const previous = known.get(key);
      known.set(key, { event, packet, openers: previous ? new Set([...previous.openers, ...openers]) : openers, atMs, version: eventsVersion });
    }
    // The sharers' bylines, once for the group (on the lane's connection: no wait in the pool's queue).
    const sharerIds = [...new Set(members.filter((_, i) => isOpened(result.answers[i])).map((m) => result.packets.get(m.packetId)!.packet.accountId))];
    const sharers = sharerIds.length > 0 ? await accountSummaries(db, sharerIds) : new Map<number, { nickname: string; avatar_url: string | null }>();
    return result.answers.map((answer, i) => {
      if (!isOpened(answer)) return answer;
      const { packet, before } = result.packets.get(members[i]!.packetId)!;
      return { opened: answer, event, packet, before, sharer: sharers.get(packet.accountId) };
    });
  });

  /** The refusal PostgreSQL would give, when this instance knows it for sure; else null. */
  function sureRefusal(key: string, accountId: number): Error | null {
    const packet = known.get(key);
    if (!packet) return null;
    const nowMs = deps.clock.now().getTime();
    if (packet.version !== eventsVersion || nowMs < packet.atMs || nowMs - packet.atMs >= PACKET_MEMORY_MS) {
      known.delete(key);
      return null;
    }
    if (packet.event.openersRegisteredAfter !== null) return null;
    const refusal = redPacketOpenRefusal({
      ...facts(packet.event),
      isSharer: packet.packet.accountId === accountId,
      registeredTooEarly: false,
      openedByMe: packet.openers.has(accountId),
      partsLeft: packet.packet.parts - packet.openers.size,
    }, toTimestamp(deps.clock.now()));
    return refusal ? fail.unprocessable('red_packet', refusal) : null;
  }

  return async function open(area: Area, eventId: number, packetId: number, shareId: string, accountId: number): Promise<OpenAnswer> {
    await throttleOpening(deps, accountId);
    const refused = sureRefusal(packetKey(area, eventId, packetId, shareId), accountId);
    if (refused) throw refused;
    const answer = await lanes.submit(`${area}:${eventId}`, { accountId, area, eventId, packetId, shareId });
    if (answer === OPEN_ALONE) return openAlone(deps, area, eventId, packetId, shareId, accountId);
    return openAnswer(answer.event, answer.packet, answer.before, answer.opened, answer.sharer, deps.clock.now());
  };
}
