import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { seckillStatus } from '@lantern/domain';
import type { SeckillEvent } from '@lantern/contract';
import type { Area } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { loadSkuRows, presentSkus } from '../catalog/index.ts';
import { seckillEvents, seckillItems } from './tables.ts';

export type EventRow = typeof seckillEvents.$inferSelect;
export type ItemRow = typeof seckillItems.$inferSelect;


/** An event's status from the server's clock (docs/product/deals.md#flash-sale-status). */
export const statusOf = (event: EventRow, now: Date) => seckillStatus(now.getTime(), toTimestamp(event.fromAt), toTimestamp(event.toAt));

/** The events of an area matching `where`, in index order, with their items in their order. */
export async function loadEvents(db: DbOrTx, area: Area, where?: SQL): Promise<{ event: EventRow; items: ItemRow[] }[]> {
  const events = await db.select().from(seckillEvents).where(and(eq(seckillEvents.area, area), where))
    .orderBy(asc(seckillEvents.position), asc(seckillEvents.fromAt), asc(seckillEvents.id));
  if (events.length === 0) return [];
  const items = await db.select().from(seckillItems).where(inArray(seckillItems.eventId, events.map((e) => e.id)))
    .orderBy(asc(seckillItems.position), asc(seckillItems.id));
  return events.map((event) => ({ event, items: items.filter((i) => i.eventId === event.id) }));
}

/** Events as the contract shows them, each item with its SKU as lists show it. */
export async function presentEvents(db: DbOrTx, loaded: readonly { event: EventRow; items: ItemRow[] }[], now: Date): Promise<SeckillEvent[]> {
  const skuIds = loaded.flatMap((l) => l.items.map((i) => i.skuId));
  const summaries = new Map((await presentSkus(db, await loadSkuRows(db, skuIds))).map((s) => [s.id, s]));
  return loaded.map(({ event, items }) => ({
    id: event.id,
    area: event.area,
    title: event.title,
    index: event.position,
    from_timestamp: toTimestamp(event.fromAt),
    to_timestamp: toTimestamp(event.toAt),
    status: statusOf(event, now),
    closed: event.closed,
    price: items.length === 0 ? null : Math.min(...items.map((i) => i.price)),
    left: items.reduce((sum, i) => sum + i.left, 0),
    items: items.map((i) => ({ id: i.id, sku_id: i.skuId, price: i.price, stock: i.stock, left: i.left, buy_limit: i.buyLimit, supplier_units: i.supplierUnits, sku: summaries.get(i.skuId) ?? null })),
    requirements: {
      phone: event.requirePhone,
      steam: event.requireSteam,
      wechat: event.requireWechat,
      registered_from_timestamp: toTimestamp(event.registeredFrom),
      registered_to_timestamp: toTimestamp(event.registeredTo),
      owned_sku_id: event.requiredSkuId,
      completed_orders: event.requiredCompletedOrders,
    },
  }));
}
