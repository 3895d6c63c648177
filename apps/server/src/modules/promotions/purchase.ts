import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { seckillRefusal, type SeckillPurchaseFacts } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import type { Buyer } from '../../platform/viewer.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { findAccount } from '../accounts/index.ts';
import { libraryProductIds } from '../library/index.ts';
import { loadSkuRows, type SkuRow } from '../catalog/index.ts';
import { createOrder, heldProducts, orderCounts, type OrderReleaseStep } from '../orders/index.ts';
import { CheckoutLanes } from './checkout-lanes.ts';
import { tellGatesReleased, type GateOutcome, type SeckillGate } from './gate.ts';
import { attachReservation, releaseReservation, reserveUnit } from './reservations.ts';
import { statusOf, type EventRow, type ItemRow } from './events.ts';
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

/**
 * Units of the item the account holds: its seckill orders not ended unpaid. A reservation no order has taken
 * yet is not one: two attempts of one account at once each reserve a unit, and the first to take the
 * buyer's lock must not be refused for the other's reservation (the second is, and gives its unit back).
 */
async function heldUnits(db: DbOrTx, itemId: number, accountId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(seckillPurchases)
    .where(and(eq(seckillPurchases.itemId, itemId), eq(seckillPurchases.accountId, accountId), eq(seckillPurchases.released, false), isNotNull(seckillPurchases.orderId)));
  return row?.n ?? 0;
}

/** Whether the account owns the game the event requires (any edition of that SKU's product; docs/product/deals.md#flash-sale-owned-game). */
async function ownsRequiredGame(db: DbOrTx, skuId: number, accountId: number, now: Date): Promise<boolean> {
  const [row] = await loadSkuRows(db, [skuId]);
  if (!row) return false;
  const productId = row.sku.productId;
  // In the library (a paid order or a redeemed code), or a completed order's line not yet delivered there.
  const [library, held] = await Promise.all([libraryProductIds(db, accountId, [productId]), heldProducts(db, accountId, [productId], now)]);
  return library.has(productId) || held.get(productId) === 'owned';
}

/** Whether the event asks anything of the account row (a bound phone, a registration window). */
const needsAccount = (event: EventRow) => event.requirePhone || event.requireSteam || event.requireWechat || event.registeredFrom !== null || event.registeredTo !== null;

async function facts(db: DbOrTx, event: EventRow, item: ItemRow, buyer: Buyer, now: Date, unitAvailable: boolean): Promise<SeckillPurchaseFacts> {
  // What only some events require is read only for them: the rush's events usually require none of it.
  const account = needsAccount(event) ? await findAccount(db, buyer.accountId) : null;
  if (needsAccount(event) && !account) throw fail.unauthorized();
  const [ownsGame, completedOrders] = await Promise.all([
    event.requiredSkuId === null ? false : ownsRequiredGame(db, event.requiredSkuId, buyer.accountId, now),
    event.requiredCompletedOrders === 0 ? 0 : orderCounts(db, buyer.accountId, buyer.area, now).then((c) => c.completed),
  ]);
  return {
    status: statusOf(event, now),
    closed: event.closed,
    unitAvailable,
    bought: await heldUnits(db, item.id, buyer.accountId),
    requirements: {
      buyLimit: item.buyLimit,
      phone: event.requirePhone,
      steam: event.requireSteam,
      wechat: event.requireWechat,
      registeredFromSec: toTimestamp(event.registeredFrom),
      registeredToSec: toTimestamp(event.registeredTo),
      ownedGame: event.requiredSkuId !== null,
      completedOrders: event.requiredCompletedOrders,
    },
    // Steam and WeChat binding do not exist yet: an event requiring them cannot be qualified for (`unbound`).
    buyer: { phoneBound: account?.phone != null, steamBound: false, wechatBound: false, registeredAtSec: account ? toTimestamp(account.createdAt) : 0, ownsGame, completedOrders },
  };
}

function refuseIfAny(refusal: ReturnType<typeof seckillRefusal>): void {
  if (refusal) throw fail.unprocessable(refusal.field, refusal.reason);
}

/** POST /api/events/sec_kills/{id}/qualify: the first reason the buyer could not buy now, or qualified. */
export async function qualify(deps: Deps, buyer: Buyer, eventId: number, skuId: number | undefined) {
  const { event, item } = await findTarget(deps.db, buyer.area, eventId, skuId);
  refuseIfAny(seckillRefusal(await facts(deps.db, event, item, buyer, deps.clock.now(), item.left > 0)));
  return { qualified: true as const, item_id: item.id };
}

/** An item as a request names it (event, SKU or none), with its product's cate: items are never edited after creation. */
type ItemKey = `${string}:${number}:${number | ''}`;
interface KnownItem {
  item: ItemRow;
  cate: SkuRow['cate'];
}
const MAX_KNOWN = 10_000;

/**
 * Staff edits of events (closing, window, requirements) bump this, so this instance's kept event rows are
 * read again at once; other instances read theirs again within a second.
 */
let eventsVersion = 0;
export const eventsChanged = () => void (eventsVersion += 1);
/** How long an instance answers purchases from an event row it read (what staff may change of it). */
const EVENT_ROW_MS = 1000;

/**
 * POST /api/sec_kill: a `seckill` order of one unit at the flash price (docs/decisions/0009-flash-sales.md
 * "The purchase", "Gating the rush"). First the gate: sold out or over the limit are answered there, no SQL.
 * An admitted buyer goes through checkout as for any order (SKU status, owned, region, purchase ban, under
 * the buyer's lock). At the end of the order's transaction the flash-sale reasons are checked and the unit
 * is taken with the purchase row in one statement (a conditional UPDATE, `left > 0`, so stock never goes
 * below zero however many buy at once); the item's row lock is then held only until the commit. Any refusal
 * undoes the order and the unit together, and the gate is told what PostgreSQL decided, so a refused
 * buyer's token goes back.
 */
export function seckillPurchase(deps: Deps, gate: SeckillGate) {
  const lanes = new CheckoutLanes(deps.db);
  const items = new Map<ItemKey, KnownItem>();
  const events = new Map<number, { row: EventRow; readAtMs: number; version: number }>();

  async function itemOf(area: Buyer['area'], asked: { id: number; sku_id?: number }): Promise<KnownItem & { event?: EventRow }> {
    const key: ItemKey = `${area}:${asked.id}:${asked.sku_id ?? ''}`;
    const known = items.get(key);
    if (known) return known;
    const { event, item } = await findTarget(deps.db, area, asked.id, asked.sku_id);
    const [sku] = await loadSkuRows(deps.db, [item.skuId]);
    if (!sku) throw fail.notFound();
    if (items.size >= MAX_KNOWN) items.clear();
    items.set(key, { item, cate: sku.cate });
    keepEvent(event);
    return { item, cate: sku.cate, event };
  }

  function keepEvent(row: EventRow) {
    if (events.size >= MAX_KNOWN) events.clear();
    events.set(row.id, { row, readAtMs: deps.clock.now().getTime(), version: eventsVersion });
  }

  async function eventOf(eventId: number): Promise<EventRow> {
    const kept = events.get(eventId);
    const nowMs = deps.clock.now().getTime();
    if (kept && kept.version === eventsVersion && nowMs - kept.readAtMs < EVENT_ROW_MS && nowMs >= kept.readAtMs) return kept.row;
    const [row] = await deps.db.select().from(seckillEvents).where(eq(seckillEvents.id, eventId)).limit(1);
    if (!row) throw fail.notFound();
    keepEvent(row);
    return row;
  }

  return async function purchase(buyer: Buyer, asked: { id: number; sku_id?: number; address_id?: number }): Promise<{ id: number }> {
    const known = await itemOf(buyer.area, asked);
    const { item } = known;
    const event = known.event ?? await eventOf(item.eventId);
    const now = deps.clock.now();
    if (event.closed || statusOf(event, now) !== 'current') {
      // Before the opening (buyers polling) or after the close: no order is worth starting. The reasons are
      // answered in their order as qualify does, and the last of them, inactive, always applies.
      const [row] = await deps.db.select({ left: seckillItems.left }).from(seckillItems).where(eq(seckillItems.id, item.id));
      refuseIfAny(seckillRefusal(await facts(deps.db, event, item, buyer, now, (row?.left ?? 0) > 0)));
    }
    const entry = await gate.enter({ id: item.id, buyLimit: item.buyLimit }, buyer.accountId);
    if ('refused' in entry) throw fail.unprocessable('sec_kill', entry.refused);
    let outcome: GateOutcome = 'refused';
    try {
      const order = await lanes.run(async (db) => {
        // Waiting for a lane may have outlasted the stock: a gate that knows so refuses without a transaction.
        if (gate.knownSoldOut(item.id)) {
          outcome = 'sold_out';
          throw fail.unprocessable('sec_kill', 'no_inventory');
        }
        // The unit first, in a statement of its own (reservations.ts): PostgreSQL's stock decides here.
        const reserved = await reserveUnit(db, item, buyer.accountId, deps.clock.now());
        if ('refused' in reserved) {
          // Sold out comes first of the flash-sale reasons, as qualify answers them.
          if (reserved.refused === 'no_inventory') outcome = 'sold_out';
          throw fail.unprocessable('sec_kill', reserved.refused);
        }
        const reservation = reserved.id;
        try {
          return await createOrder({ ...deps, db }, buyer, { sku_ids: [item.skuId], cate: known.cate, type: 'seckill', address_id: asked.address_id, unit_prices: new Map([[item.skuId, item.price]]) }, {
            async beforeCommit(tx: Tx, orderId: number, now: Date) {
              refuseIfAny(seckillRefusal(await facts(tx, event, item, buyer, now, true)));
              // Given back meanwhile only if this checkout outlasted the lost-reservation window.
              if (!await attachReservation(tx, reservation, orderId)) throw fail.unprocessable('sec_kill', 'no_inventory');
            },
          });
        } catch (error) {
          await releaseReservation(db, reservation);
          throw error;
        }
      });
      outcome = 'taken';
      return { id: order.id };
    } finally {
      await entry.admitted.settle(outcome);
    }
  };
}

/**
 * Registered with orders: when unpaid seckill orders end (expired, canceled, deleted), in that
 * transaction, each held unit is marked released once and goes back to its item's `left`.
 */
export const returnSeckillUnits: OrderReleaseStep = {
  name: 'seckill units',
  async run(tx, orderIds) {
    const released = await tx.update(seckillPurchases).set({ released: true })
      .where(and(inArray(seckillPurchases.orderId, [...orderIds]), eq(seckillPurchases.released, false)))
      .returning({ itemId: seckillPurchases.itemId, accountId: seckillPurchases.accountId });
    const perItem = new Map<number, number>();
    for (const { itemId } of released) perItem.set(itemId, (perItem.get(itemId) ?? 0) + 1);
    for (const [itemId, units] of [...perItem].sort(([a], [b]) => a - b)) {
      await tx.update(seckillItems).set({ left: sql`${seckillItems.left} + ${units}` }).where(eq(seckillItems.id, itemId));
    }
    // The gates hear it before the commit: if the transaction then fails they admit a few too many for a
    // moment, which PostgreSQL refuses; never too few.
    await tellGatesReleased(released.map((r) => ({ itemId: r.itemId, accountId: r.accountId, units: 1 })));
  },
};
