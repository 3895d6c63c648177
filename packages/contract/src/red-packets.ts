import { z } from 'zod';
import { area, currency, listMeta, someChange, timestamp } from './common.ts';
import { localized } from './catalog.ts';
import { RED_PACKET_EVENT_OPENINGS_DEFAULT, RED_PACKET_EVENT_OPENINGS_MAX } from '@lantern/domain';

/**
 * Red packets (docs/product/deals.md#red-packets). Amounts are integer cents of the event's currency (CNY on
 * the mainland site, USD on the international one). Times are server seconds.
 */
const at = timestamp.min(0).max(32_503_680_000);
const eventStatus = z.enum(['current', 'not_start', 'end']);
/** Who looks at a packet: its sharer, another signed-in account, or a visitor (docs/product/deals.md#red-packets). */
export const redPacketRole = z.enum(['sharer', 'recipient', 'visitor']);

/** An account as a packet shows it: enough for a byline. */
export const redPacketAccount = z.object({ id: z.number().int(), nickname: z.string(), avatar_url: z.string().nullable() });

/** A packet: its sharer, its parts, how many are opened and the viewer's own part. */
export const redPacket = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  amount: z.number().int(),
  currency,
  parts: z.number().int(),
  opened_count: z.number().int(),
  opened_amount: z.number().int(),
  sharer: redPacketAccount,
  role: redPacketRole,
  /** The cents the viewer received from it, or null. */
  my_part: z.number().int().nullable(),
  created_at_timestamp: timestamp,
});
export type RedPacket = z.infer<typeof redPacket>;

/** An event: what each packet holds, its window, how many packets are left, and the viewer's packet (`red_packets`, at most one). */
export const redPacketEvent = z.object({
  id: z.number().int(),
  area,
  title: localized,
  amount: z.number().int(),
  currency,
  parts: z.number().int(),
  packet_count: z.number().int(),
  packets_left: z.number().int(),
  from_timestamp: timestamp,
  to_timestamp: timestamp,
  /** Only accounts registered at or after this time may open parts (an event for new accounts), or null. */
  openers_registered_after_timestamp: timestamp.nullable(),
  status: eventStatus,
  red_packets: z.array(redPacket),
});
export type RedPacketEvent = z.infer<typeof redPacketEvent>;

export const redPacketEventResponse = z.object({ event: redPacketEvent });
/** GET /api/red_packet_events: the site's events not ended yet, soonest ending first (the store home links them). */
export const redPacketEventsResponse = z.object({ events: z.array(redPacketEvent.omit({ red_packets: true })) });
export const redPacketResponse = z.object({ red_packet: redPacket });
/** POST /api/events/{id}/red_packets: the packet taken (201). */
export const redPacketTakeResponse = z.object({ red_packet: redPacket });

/** A share of a packet: `id` is the share's token, the part of the link that lets others open it. */
export const redPacketShare = z.object({
  id: z.string(),
  event_id: z.number().int(),
  red_packet_id: z.number().int(),
  /** The site path of the share page. */
  path: z.string(),
  red_packet: redPacket,
  event: redPacketEvent.omit({ red_packets: true }),
});
export type RedPacketShare = z.infer<typeof redPacketShare>;
export const redPacketShareResponse = z.object({ red_packet_share: redPacketShare });

/** POST …/shares/{sid}/opens: the part opened (201) and the wallet balance it made. */
export const redPacketOpenResponse = z.object({
  red_packet_open: z.object({ amount: z.number().int(), currency, balance_after: z.number().int() }),
  red_packet_share: redPacketShare,
});

/** One opened part on a packet's detail list. */
export const accountRedPacket = z.object({
  id: z.number().int(),
  account: redPacketAccount,
  amount: z.number().int(),
  opened_at_timestamp: timestamp,
  /** The viewer's own part. */
  mine: z.boolean(),
});
export const accountsRedPacketsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** The packet whose openings are listed: the viewer's own when not given. */
  red_packet_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  /** The share token, for a recipient: lists the openings of the packet it shares. */
  share_id: z.string().max(64).optional(),
});
/** GET /api/events/{id}/accounts_red_packets: the openings of one packet, newest first, 4 a page (docs/product/deals.md#red-packet-detail). */
export const accountsRedPacketsResponse = z.object({
  accounts_red_packets: z.array(accountRedPacket),
  meta: listMeta.extend({ red_packet_id: z.number().int().nullable() }),
});

/**
 * GET /api/events/{id}/openings?limit= (docs/product/deals.md#red-packet-event-openings): the latest parts opened
 * across the whole event, newest first, public. Each shows only the opener's public face (nickname and avatar),
 * the cents and the time: no account id, packet, sharer or share token.
 */
export const redPacketEventOpeningsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(RED_PACKET_EVENT_OPENINGS_MAX).default(RED_PACKET_EVENT_OPENINGS_DEFAULT),
});
export const redPacketEventOpening = z.object({
  id: z.number().int(),
  account: z.object({ nickname: z.string(), avatar_url: z.string().nullable() }),
  amount: z.number().int(),
  currency,
  opened_at_timestamp: timestamp,
});
export type RedPacketEventOpening = z.infer<typeof redPacketEventOpening>;
export const redPacketEventOpeningsResponse = z.object({ openings: z.array(redPacketEventOpening) });

/** POST /api/admin/red_packet_events (admins): an event; the store funds `packet_count` packets of `amount`. */
export const createRedPacketEventRequest = z.object({
  event: z.object({
    area,
    title: z.object({ chs: z.string().trim().min(1).max(80), en: z.string().trim().min(1).max(80) }),
    amount: z.number().int().min(1),
    parts: z.number().int().min(1),
    packet_count: z.number().int().min(1).max(1_000_000),
    from_timestamp: at,
    to_timestamp: at,
    openers_registered_after_timestamp: at.nullable().optional(),
  }),
});
/** PATCH /api/admin/red_packet_events/{id}: the title, the window's end, closing it. Terms of taken packets never change. */
export const updateRedPacketEventRequest = z.object({
  event: someChange(z.object({
    title: z.object({ chs: z.string().trim().min(1).max(80), en: z.string().trim().min(1).max(80) }).optional(),
    to_timestamp: at.optional(),
    closed: z.boolean().optional(),
  })),
});

export { RED_PACKETS_API } from './paths/red-packets.ts';
