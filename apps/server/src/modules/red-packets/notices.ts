import { priceLabel, SITES, type ActivityNoticeDetail } from '@lantern/domain';
import { WEB_PAGES } from '@lantern/contract';
import type { NotifyInput } from '../notifications/index.ts';
import type { EventRow, PacketRow } from './packets.ts';

const OPENED: ActivityNoticeDetail = 'red_packet_opened';
const SHARED: ActivityNoticeDetail = 'red_packet_shared';

/** One part just opened: who opened it, which part (its row) and how many cents. */
export interface OpenedPart {
  openerId: number;
  partId: number;
  amount: number;
}

/**
 * What an opening tells (docs/product/messaging.md#red-packet-opened), written in the opening's transaction:
 * - the opener, "You opened a red packet", the excerpt the cents credited as the site shows money and the event's
 *   title, one per part (its target);
 * - the sharer, "Ann opened your red packet", one per packet while unread (`collapse`): a packet opened 20 times
 *   is one notice counting 20 people, its excerpt the event's title, the newest opener shown.
 * Both link to the event's page, where the sharer's packet and the latest openings are.
 */
export function openingNotices(event: EventRow, packet: PacketRow, parts: readonly OpenedPart[]): NotifyInput[] {
  const site = SITES[event.area];
  const title = event.area === 'native' ? event.title.chs : event.title.en;
  const href = WEB_PAGES.redPacketEvent.replace(':id', String(event.id));
  return parts.flatMap((part): NotifyInput[] => [
    {
      recipientId: part.openerId, kind: 'activity', actorId: null, target: { type: 'RedPacketPart', id: part.partId }, detail: OPENED,
      excerpt: `+${priceLabel(part.amount, packet.currency, site.language).text} · ${title}`, href,
    },
    { recipientId: packet.accountId, kind: 'activity', actorId: part.openerId, target: { type: 'RedPacket', id: packet.id }, detail: SHARED, collapse: true, excerpt: title, href },
  ]);
}
