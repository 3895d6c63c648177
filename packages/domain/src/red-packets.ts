import { offerStatus, type OfferWindow } from './points-shop.ts';

/**
 * Red packets (docs/product/deals.md#red-packets): an event hands each account one packet of `amount` cents
 * in `parts`; the account (the sharer) shares it and other accounts (recipients) open one part each, the
 * part's cash credited to their wallet.
 */

/** Accounts listed per page on a packet's detail (docs/product/deals.md#red-packet-detail). */
export const RED_PACKET_DETAIL_PER = 4;
/**
 * The latest openings across an event (docs/product/deals.md#red-packet-event-openings): shown 5 by default on
 * the event page, at most 20 asked at once (a list of the moment, not a history to page through).
 */
export const RED_PACKET_EVENT_OPENINGS_DEFAULT = 5;
export const RED_PACKET_EVENT_OPENINGS_MAX = 20;
/** Parts of one packet: at least 1, at most 100 (a part is a row, opened by one account). */
export const RED_PACKET_MIN_PARTS = 1;
export const RED_PACKET_MAX_PARTS = 100;
/** The smallest part: one cent (one minor unit). */
export const RED_PACKET_MIN_PART = 1;
/** A packet's amount, in cents: at most 20,000.00 (a campaign's packet, not a transfer). */
export const RED_PACKET_MAX_AMOUNT = 2_000_000;

/** A uniform integer in [0, maxExclusive): `crypto.randomInt` on the server, a seeded generator in tests. */
export type RandomInt = (maxExclusive: number) => number;

/** Why a packet's terms are impossible, or null: every part needs its cent. */
export function redPacketTermsProblem(amount: number, parts: number): 'parts' | 'amount' | null {
  if (!Number.isSafeInteger(parts) || parts < RED_PACKET_MIN_PARTS || parts > RED_PACKET_MAX_PARTS) return 'parts';
  if (!Number.isSafeInteger(amount) || amount > RED_PACKET_MAX_AMOUNT || amount < parts * RED_PACKET_MIN_PART) return 'amount';
  return null;
}

/**
 * <a id="red-packet-split"></a>Splits `amount` cents into `parts` random parts that sum exactly to `amount`,
 * none below one cent (docs/product/deals.md#red-packet-split). The minimum of every part is set aside
 * first, and only the rest is drawn, so no draw can leave a part at zero: each part but the last takes a
 * uniform share of 0 to twice the mean of what is left (the "double mean"), the last takes what remains.
 * Integer arithmetic throughout: no rounding, no float sums.
 */
export function splitRedPacket(amount: number, parts: number, randomInt: RandomInt): number[] {
  const problem = redPacketTermsProblem(amount, parts);
  if (problem) throw new RangeError(`red packet ${problem} invalid: ${amount} in ${parts}`);
  let rest = amount - parts * RED_PACKET_MIN_PART;
  const out: number[] = [];
  for (let left = parts; left > 1; left--) {
    // Twice the mean of what is left, inclusive; never more than what is left.
    const ceiling = Math.min(rest, Math.floor((2 * rest) / left));
    const drawn = ceiling > 0 ? randomInt(ceiling + 1) : 0;
    out.push(RED_PACKET_MIN_PART + drawn);
    rest -= drawn;
  }
  out.push(RED_PACKET_MIN_PART + rest);
  return out;
}

export type RedPacketRole = 'sharer' | 'recipient' | 'visitor';

/** Who is looking at a packet: its sharer, another signed-in account (a recipient), or a visitor. */
export function redPacketRole(viewerId: number | null, sharerId: number): RedPacketRole {
  if (viewerId === null) return 'visitor';
  return viewerId === sharerId ? 'sharer' : 'recipient';
}

export interface RedPacketEventFacts extends OfferWindow {
  closed: boolean;
}

/** An event's status: `end` once closed by staff or past its window. */
export function redPacketEventStatus(event: RedPacketEventFacts, nowSec: number): 'not_start' | 'current' | 'end' {
  return event.closed ? 'end' : offerStatus(event, nowSec);
}

/**
 * <a id="red-packet-take"></a>Why an account may not take its packet from an event, or null
 * (docs/product/deals.md#red-packet-reasons): not started, ended, already taken (`own_limit`), none left.
 */
export function redPacketTakeRefusal(
  facts: RedPacketEventFacts & { taken: boolean; packetsLeft: number },
  nowSec: number,
): 'not_in_period' | 'already_end' | 'own_limit' | 'exhausted' | null {
  const status = redPacketEventStatus(facts, nowSec);
  if (status === 'not_start') return 'not_in_period';
  if (status === 'end') return 'already_end';
  if (facts.taken) return 'own_limit';
  if (facts.packetsLeft <= 0) return 'exhausted';
  return null;
}

export interface RedPacketOpenFacts extends RedPacketEventFacts {
  /** The opener is the packet's sharer: a packet is shared with others, never opened by its sharer. */
  isSharer: boolean;
  /** The opener registered before the event's `openers_registered_after` (an event for new accounts). */
  registeredTooEarly: boolean;
  /** The opener opened a part of this packet already. */
  openedByMe: boolean;
  partsLeft: number;
}

/**
 * <a id="red-packet-open"></a>Why an account may not open a part of a shared packet, or null, first match
 * wins: the event ended (`already_end`, also before it starts), the account already received a part
 * (`opened`), it is not eligible (`unqualified`: the sharer, or an account older than a new-accounts
 * event allows), every part is taken (`open_limit`).
 */
export function redPacketOpenRefusal(facts: RedPacketOpenFacts, nowSec: number): 'already_end' | 'opened' | 'unqualified' | 'open_limit' | null {
  if (redPacketEventStatus(facts, nowSec) !== 'current') return 'already_end';
  if (facts.openedByMe) return 'opened';
  if (facts.isSharer || facts.registeredTooEarly) return 'unqualified';
  if (facts.partsLeft <= 0) return 'open_limit';
  return null;
}
