import { gt } from 'drizzle-orm';
import type { HomeSeckill, SkuCardData } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { loadEvents, presentEvents } from './events.ts';
import { seckillEvents } from './tables.ts';

/** At most this many flash sales on the store home; the flash-sale page lists them all. */
export const HOME_SECKILLS = 8;

const card = (sku: SkuCardData): SkuCardData => ({
  id: sku.id, status: sku.status, cate: sku.cate, kind: sku.kind, sku_names: sku.sku_names, edition: sku.edition, sku_covers: sku.sku_covers,
  currency: sku.currency, list_price: sku.list_price, sale_price: sku.sale_price, discount: sku.discount, key_type: sku.key_type,
  released_at_timestamp: sku.released_at_timestamp,
});

/**
 * The store home's flash-sale block (docs/product/deals.md#flash-sales-on-the-web): the site's events not yet
 * ended and not closed, current and upcoming, in index order, each item's SKU as a card. The home answer is
 * cached and shared by every viewer of the site, so nothing here depends on who asks; the web works out each
 * event's status from its own server-time offset and reads the stock live from GET /sec_kill.
 */
export async function homeSeckills(deps: Deps, viewer: Viewer): Promise<HomeSeckill[]> {
  const now = deps.clock.now();
  const loaded = (await loadEvents(deps.db, viewer.area, gt(seckillEvents.toAt, now))).filter(({ event }) => !event.closed).slice(0, HOME_SECKILLS);
  const events = await presentEvents(deps.db, loaded, now);
  return events.map((e) => ({ ...e, items: e.items.map((i) => ({ ...i, sku: i.sku === null ? null : card(i.sku) })) }));
}
