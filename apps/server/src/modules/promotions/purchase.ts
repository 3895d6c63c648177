import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { seckillRefusal, type SeckillPurchaseFacts } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import type { Buyer } from '../../platform/viewer.ts';
import { findAccount } from '../accounts/index.ts';
import { loadSkuRows } from '../catalog/index.ts';
import { createOrder, type OrderReleaseStep } from '../orders/index.ts';
import { statusOf, toSec, type EventRow, type ItemRow } from './events.ts';
import { seckillEvents, seckillItems, seckillPurchases } from './tables.ts';

/** The event of this site and the item asked for (the first when no SKU is named); a 404 otherwise. */
async function findTarget(db: DbOrTx, area: Buyer['area'], eventId: number, skuId: number | undefined): Promise<{ event: EventRow; item: ItemRow }> {
  const [event] = await db.select().from(seckillEvents).where(and(eq(seckillEvents.id, eventId), eq(seckillEvents.area, area))).limit(1);
  if (!event) throw fail.notFound();
  const [item] = await db.select().from(seckillItems)
    .where(and(eq(seckillItems.eventId, event.id), skuId === undefined ? undefined : eq(seckillItems.skuId, skuId)))
    .orderBy(seckillItems.position, seckillItems.id).limit(1);
  if (!item) throw fail.notFound();
  return { event, item };
}

/** Units of the item the account holds: its seckill orders not ended unpaid. */
async function heldUnits(db: DbOrTx, itemId: number, accountId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(seckillPurchases)
    .where(and(eq(seckillPurchases.itemId, itemId), eq(seckillPurchases.accountId, accountId), eq(seckillPurchases.released, false)));
  return row?.n ?? 0;
}

async function facts(db: DbOrTx, event: EventRow, item: ItemRow, accountId: number, now: Date, unitAvailable: boolean): Promise<SeckillPurchaseFacts> {
  const account = await findAccount(db, accountId);
  if (!account) throw fail.unauthorized();
  return {
    status: statusOf(event, now),
    closed: event.closed,
    unitAvailable,
    bought: await heldUnits(db, item.id, accountId),
    requirements: {
      buyLimit: item.buyLimit,
      phone: event.requirePhone,
      steam: event.requireSteam,
      wechat: event.requireWechat,
      registeredFromSec: event.registeredFrom === null ? null : toSec(event.registeredFrom),
      registeredToSec: event.registeredTo === null ? null : toSec(event.registeredTo),
    },
    // Steam and WeChat binding do not exist yet: an event requiring them cannot be qualified for (`unbound`).
    buyer: { phoneBound: account.phone !== null, steamBound: false, wechatBound: false, registeredAtSec: toSec(account.createdAt) },
  };
}

function refuseIfAny(refusal: ReturnType<typeof seckillRefusal>): void {
  if (refusal) throw fail.unprocessable(refusal.field, refusal.reason);
}

/** POST /api/events/sec_kills/{id}/qualify: the first reason the buyer could not buy now, or qualified. */
export async function qualify(deps: Deps, buyer: Buyer, eventId: number, skuId: number | undefined) {
  const { event, item } = await findTarget(deps.db, buyer.area, eventId, skuId);
  refuseIfAny(seckillRefusal(await facts(deps.db, event, item, buyer.accountId, deps.clock.now(), item.left > 0)));
  return { qualified: true as const, item_id: item.id };
}

/**
 * POST /api/sec_kill: a `seckill` order of one unit at the flash price. Checkout runs as for any order (SKU
 * status, owned, region, purchase ban, under the buyer's lock); in the order's transaction the unit is
 * taken with one conditional UPDATE (`left > 0`, so stock never goes below zero however many buy at once),
 * the account's held units are counted (its lock serializes its own purchases), and any refusal undoes
 * the order and the unit together.
 */
export async function purchase(deps: Deps, buyer: Buyer, asked: { id: number; sku_id?: number; address_id?: number }): Promise<{ id: number }> {
  const { event, item } = await findTarget(deps.db, buyer.area, asked.id, asked.sku_id);
  const [sku] = await loadSkuRows(deps.db, [item.skuId]);
  if (!sku) throw fail.notFound();
  const order = await createOrder(deps, buyer, { sku_ids: [item.skuId], cate: sku.cate, type: 'seckill', address_id: asked.address_id, unit_prices: new Map([[item.skuId, item.price]]) }, {
    async onOrderWritten(tx: Tx, orderId: number, now: Date) {
      const taken = await tx.update(seckillItems).set({ left: sql`${seckillItems.left} - 1` })
        .where(and(eq(seckillItems.id, item.id), sql`${seckillItems.left} > 0`)).returning({ left: seckillItems.left });
      // Sold out is the first flash-sale reason: answered without reading anything more (the rush's common answer).
      if (taken.length === 0) throw fail.unprocessable('sec_kill', 'no_inventory');
      refuseIfAny(seckillRefusal(await facts(tx, event, item, buyer.accountId, now, true)));
      await tx.insert(seckillPurchases).values({ itemId: item.id, accountId: buyer.accountId, orderId, createdAt: now });
    },
  });
  return { id: order.id };
}

/**
 * Registered with orders: when unpaid seckill orders end (expired, canceled, deleted), in that
 * transaction, each held unit is marked released once and goes back to its item's `left`.
 */
export const returnSeckillUnits: OrderReleaseStep = {
  name: 'seckill units',
  async run(tx, orderIds) {
    const released = await tx.update(seckillPurchases).set({ released: true })
      .where(and(inArray(seckillPurchases.orderId, [...orderIds]), eq(seckillPurchases.released, false))).returning({ itemId: seckillPurchases.itemId });
    const perItem = new Map<number, number>();
    for (const { itemId } of released) perItem.set(itemId, (perItem.get(itemId) ?? 0) + 1);
    for (const [itemId, units] of [...perItem].sort(([a], [b]) => a - b)) {
      await tx.update(seckillItems).set({ left: sql`${seckillItems.left} + ${units}` }).where(eq(seckillItems.id, itemId));
    }
  },
};
