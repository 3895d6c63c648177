import type { Deps } from '../platform/deps.ts';
import { createRedPacketEvent, updateRedPacketEvent } from '../modules/red-packets/staff.ts';

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
