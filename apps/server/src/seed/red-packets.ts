import { and, asc, eq, gt, like } from 'drizzle-orm';
import type { Deps } from '../platform/deps.ts';
import { accounts } from '../modules/accounts/tables.ts';
import { createRedPacketEvent, updateRedPacketEvent } from '../modules/red-packets/staff.ts';
import { newShare, openAlone, takePacket } from '../modules/red-packets/packets.ts';
import { redPacketEvents } from '../modules/red-packets/tables.ts';

const DAY = 86_400;

/**
 * One running red-packet event per site (¥8.88 in 8 parts on the mainland, $5.00 in 5 parts abroad) and one
 * ended, so the event page shows both states (docs/product/deals.md#red-packets). Amounts in cents. A running
 * event funds a campaign-sized 200 packets (¥1,776 and $1,000 in all), not an endless pool: the page says how many
 * of them are still to take.
 */
export async function seedRedPackets(deps: Deps): Promise<{ events: number[] }> {
  const now = Math.floor(deps.clock.now().getTime() / 1000);
  const running = [
    { area: 'native' as const, title: { chs: '新春红包：分享给好友一起拆', en: 'Lunar New Year red packets: share and open together' }, amount: 888, parts: 8 },
    { area: 'abroad' as const, title: { chs: '周年红包：分享给好友一起拆', en: 'Anniversary red packets: share them with friends' }, amount: 500, parts: 5 },
  ];
  const ids: number[] = [];
  for (const event of running) {
    const created = await createRedPacketEvent(deps, { ...event, packet_count: 200, from_timestamp: now - DAY, to_timestamp: now + 30 * DAY });
    ids.push(created.id);
  }
  const ended = await createRedPacketEvent(deps, {
    area: 'native', title: { chs: '元宵红包（已结束）', en: 'Lantern Festival red packets (ended)' }, amount: 666, parts: 6, packet_count: 100,
    from_timestamp: now - 10 * DAY, to_timestamp: now + DAY,
  });
  await updateRedPacketEvent(deps, ended.id, { closed: true });
  ids.push(ended.id);
  return { events: ids };
}

/**
 * A few openings in each running event, so its page's latest openings are not empty (docs/product/deals.md#red-packet-event-openings):
 * on each site a community member takes a packet and three others open a part, through the store's own calls (the
 * parts reach their wallets and the notices are written as for anyone). Run after the community's members exist;
 * the demo shoppers are left untouched, so they still take their own packet first.
 */
export async function seedRedPacketOpenings(deps: Deps): Promise<{ openings: number }> {
  let openings = 0;
  for (const area of ['native', 'abroad'] as const) {
    const [event] = await deps.db.select().from(redPacketEvents)
      .where(and(eq(redPacketEvents.area, area), eq(redPacketEvents.closed, false), gt(redPacketEvents.toAt, deps.clock.now()))).orderBy(asc(redPacketEvents.id)).limit(1);
    const members = await deps.db.select({ id: accounts.id }).from(accounts)
      .where(and(like(accounts.email, '%member%@lantern.test'), eq(accounts.homeArea, area))).orderBy(asc(accounts.id)).limit(4);
    if (!event || members.length < 2) continue;
    const [sharer, ...openers] = members;
    const { red_packet: packet } = await takePacket(deps, area, event.id, sharer!.id);
    const { red_packet_share: share } = await newShare(deps, area, event.id, packet.id, sharer!.id);
    for (const opener of openers) {
      await openAlone(deps, area, event.id, packet.id, share.id, opener.id);
      openings += 1;
    }
  }
  return { openings };
}
