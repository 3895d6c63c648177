import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/json-rows.ts';
import { seckillRefusal, type SeckillPurchaseFacts } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { readsOn, type Db, type DbOrTx } from '../../platform/db/client.ts';
import { fail, type AppError } from '../../platform/errors.ts';
import type { Buyer } from '../../platform/viewer.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { findAccount, platformsOf } from '../accounts/index.ts';
import { libraryProductIds } from '../library/index.ts';
import { loadSkuRows, type SkuRow } from '../catalog/index.ts';
import { createOrdersTogether, heldProducts, orderCounts, type OrderOfManyOutcome, type OrderReleaseStep } from '../orders/index.ts';
import { GroupLanes } from '../../platform/group-lanes.ts';
import { tellGatesReleased, type GateOutcome, type SeckillGate } from './gate.ts';
import { attachReservationsSql, keepReserved, releaseReservations, reserveUnits } from './reservations.ts';
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
 * Units of the item each account holds: its seckill orders not ended unpaid. A reservation no order has
 * taken yet is not one: two attempts of one account at once each reserve a unit, and the first to take the
 * buyer's lock must not be refused for the other's reservation (the second is, and gives its unit back).
 */
async function heldUnits(db: DbOrTx, itemId: number, accountId: number): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(db, sql`select ${heldUnitsSql(itemId, sql`${accountId}::bigint`)} as n`);
  return Number(row?.n ?? 0);
}

/** The same count as a scalar subquery for an account given as SQL (each buyer of a group, in one statement). */
function heldUnitsSql(itemId: number, account: SQL): SQL {
  return sql`(select count(*) from ${seckillPurchases} p where p.item_id = ${itemId} and p.account_id = ${account} and not p.released and p.order_id is not null)`;
}

/** Whether the account owns the game the event requires (any edition of that SKU's product; docs/product/deals.md#flash-sale-owned-game). */
async function ownsRequiredGame(db: DbOrTx, skuId: number, accountId: number, now: Date): Promise<boolean> {
  const [row] = await loadSkuRows(db, [skuId]);
  if (!row) return false;
  const productId = row.sku.productId;
  // In the library (a paid order or a redeemed code), or a completed order's line not yet delivered there.
  const [library, held] = await readsOn(db, [() => libraryProductIds(db, accountId, [productId]), () => heldProducts(db, accountId, [productId], now)]);
  return library.has(productId) || held.get(productId) === 'owned';
}

/** Whether the event asks anything of the account row (a bound phone, a registration window). */
const needsAccount = (event: EventRow) => event.requirePhone || event.requireSteam || event.requireWechat || event.registeredFrom !== null || event.registeredTo !== null;

/** What the flash-sale reasons are decided on, for one buyer; `bought` when the caller read it for many at once. */
async function facts(db: DbOrTx, event: EventRow, item: ItemRow, buyer: Buyer, now: Date, unitAvailable: boolean, bought?: number): Promise<SeckillPurchaseFacts> {
  // What only some events require is read only for them: the rush's events usually require none of it.
  const account = needsAccount(event) ? await findAccount(db, buyer.accountId) : null;
  if (needsAccount(event) && !account) throw fail.unauthorized();
  // Steam and WeChat bindings come from the linked-accounts module, through accounts' hook.
  const platforms = event.requireSteam || event.requireWechat ? await platformsOf(db, buyer.accountId) : [];
  // A group's placement decides inside its transaction (one connection): these reads go in turn there (docs/decisions/0057).
  const [ownsGame, completedOrders] = await readsOn(db, [
    async () => event.requiredSkuId === null ? false : ownsRequiredGame(db, event.requiredSkuId, buyer.accountId, now),
    async () => event.requiredCompletedOrders === 0 ? 0 : (await orderCounts(db, buyer.accountId, buyer.area, now)).completed,
  ]);
  return {
    status: statusOf(event, now),
    closed: event.closed,
    unitAvailable,
    bought: bought ?? await heldUnits(db, item.id, buyer.accountId),
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
    buyer: {
      phoneBound: account?.phone != null,
      steamBound: platforms.some((p) => p.kind === 'steam'),
      wechatBound: platforms.some((p) => p.kind === 'wechat'),
      registeredAtSec: account ? toTimestamp(account.createdAt) : 0,
      ownsGame,
      completedOrders,
    },
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

/** An admitted buyer waiting for a lane, with what the group needs to place the order. */
interface Admitted {
  accountId: number;
  buyer: Buyer;
  address_id?: number;
  known: KnownItem;
  event: EventRow;
}

/** What PostgreSQL made of an admitted buyer: the order, or a refusal (and whether it was for lack of units). */
type Placed = { orderId: number } | { refusal: Error; soldOut: boolean };

/**
 * POST /api/sec_kill: a `seckill` order of one unit at the flash price (docs/decisions/0009-flash-sales.md
 * "The purchase", "Gating the rush"; docs/decisions/0021-group-checkout.md). First the gate: sold out or over
 * the limit are answered there, no SQL. Admitted buyers wait for a lane and go through checkout in groups:
 * the group's units are reserved in one statement (a conditional UPDATE that never takes `left` below zero,
 * however many buy at once), then orders' checkout of many places every buyer's order under every rule of a
 * single checkout (SKU status, owned, region, purchase ban, under each buyer's lock), with the flash-sale
 * reasons decided for each under its lock and the reservations attached before the commit. A buyer refused
 * anywhere gets their unit back, and the gate is told what PostgreSQL decided, so their token goes back too.
 */
export function seckillPurchase(deps: Deps, gate: SeckillGate) {
  // Promises are kept, not rows: at the opening instant thousands of buyers ask at once, and they all share
  // one read instead of each starting their own.
  const items = new Map<ItemKey, Promise<KnownItem>>();
  const events = new Map<number, { row: Promise<EventRow>; readAtMs: number; version: number }>();

  function itemOf(area: Buyer['area'], asked: { id: number; sku_id?: number }): Promise<KnownItem> {
    const key: ItemKey = `${area}:${asked.id}:${asked.sku_id ?? ''}`;
    const known = items.get(key);
    if (known) return known;
    const reading = (async () => {
      const { event, item } = await findTarget(deps.db, area, asked.id, asked.sku_id);
      const [sku] = await loadSkuRows(deps.db, [item.skuId]);
      if (!sku) throw fail.notFound();
      keepEvent(event.id, Promise.resolve(event));
      return { item, cate: sku.cate };
    })();
    if (items.size >= MAX_KNOWN) items.clear();
    items.set(key, reading);
    // A failed read (an unknown event, a lost connection) is not kept: the next buyer asks again.
    reading.catch(() => items.delete(key));
    return reading;
  }

  function keepEvent(eventId: number, row: Promise<EventRow>) {
    if (events.size >= MAX_KNOWN) events.clear();
    events.set(eventId, { row, readAtMs: deps.clock.now().getTime(), version: eventsVersion });
    row.catch(() => events.delete(eventId));
  }

  function eventOf(eventId: number): Promise<EventRow> {
    const kept = events.get(eventId);
    const nowMs = deps.clock.now().getTime();
    if (kept && kept.version === eventsVersion && nowMs - kept.readAtMs < EVENT_ROW_MS && nowMs >= kept.readAtMs) return kept.row;
    const reading = (async () => {
      const [row] = await deps.db.select().from(seckillEvents).where(eq(seckillEvents.id, eventId)).limit(1);
      if (!row) throw fail.notFound();
      return row;
    })();
    keepEvent(eventId, reading);
    return reading;
  }

  /** One group of one item's admitted buyers (each account once), from the unit to the committed order. */
  async function placeGroup(db: Db, group: readonly Admitted[]): Promise<Placed[]> {
    const { known: { item, cate }, event } = group[0]!;
    const soldOut = (): Placed => ({ refusal: fail.unprocessable('sec_kill', 'no_inventory'), soldOut: true });
    // Waiting for a lane may have outlasted the stock: a gate that knows so refuses without a statement.
    if (gate.knownSoldOut(item.id)) return group.map(soldOut);
    const { reserved, refused } = await reserveUnits(db, item, group.map((a) => a.accountId), deps.clock.now());
    const buying = group.filter((a) => reserved.has(a.accountId));
    const byAccount = new Map(buying.map((a) => [a.accountId, a]));
    let placed: OrderOfManyOutcome[] = [];
    try {
      // The reservations' leases are renewed while the checkout runs, however slow (reservations.ts).
      placed = buying.length === 0 ? [] : await keepReserved(deps, [...reserved.values()], () => createOrdersTogether({ ...deps, db }, buying.map((a) => ({ buyer: a.buyer, address_id: a.address_id })), {
        sku_ids: [item.skuId], cate, type: 'seckill', unit_prices: new Map([[item.skuId, item.price]]),
      }, {
        // The flash-sale reasons, for each buyer under its lock: the limit counts the orders it already holds,
        // read in the checkout's own statement of the account-wide rules.
        readFor: (account) => heldUnitsSql(item.id, account),
        // The account's earlier units of this item are the limit's to count, not an order game lock: a limit
        // of 2 sells the second unit while the first is unpaid (docs/product/deals.md#flash-sale-purchase).
        countedElsewhere: (orderId) => sql`exists (select 1 from ${seckillPurchases} own where own.order_id = ${orderId} and own.item_id = ${item.id})`,
        async refuse(tx, bought, now) {
          const refusals = new Map<number, AppError>();
          for (const [accountId, units] of bought) {
            const refusal = seckillRefusal(await facts(tx, event, item, byAccount.get(accountId)!.buyer, now, true, Number(units ?? 0)));
            if (refusal) refusals.set(accountId, fail.unprocessable(refusal.field, refusal.reason));
          }
          return refusals;
        },
        // Each reservation becomes its order's in the statement that writes the orders; one given back
        // meanwhile (a checkout that outlasted the lost-reservation window) is sold out.
        writeWith: {
          sql: (placed) => attachReservationsSql(placed, reserved),
          refusal: () => fail.unprocessable('sec_kill', 'no_inventory'),
        },
      }));
    } catch (error) {
      await releaseReservations(db, [...reserved.values()]);
      throw error;
    }
    const outcomeOf = new Map<number, Placed>();
    buying.forEach((a, i) => {
      const outcome = placed[i]!;
      outcomeOf.set(a.accountId, 'refused' in outcome ? { refusal: outcome.refused, soldOut: false } : { orderId: outcome.order.id });
    });
    await releaseReservations(db, buying.filter((a) => 'refusal' in outcomeOf.get(a.accountId)!).map((a) => reserved.get(a.accountId)!));
    return group.map((a) => {
      const reason = refused.get(a.accountId);
      if (reason) return { refusal: fail.unprocessable('sec_kill', reason), soldOut: reason === 'no_inventory' };
      return outcomeOf.get(a.accountId)!;
    });
  }

  const lanes = new GroupLanes<Admitted, Placed>(deps.db, (db, _itemId, group) => placeGroup(db, group));

  return async function purchase(buyer: Buyer, asked: { id: number; sku_id?: number; address_id?: number }): Promise<{ id: number }> {
    const known = await itemOf(buyer.area, asked);
    const { item } = known;
    const event = await eventOf(item.eventId);
    const now = deps.clock.now();
    if (event.closed || statusOf(event, now) !== 'current') {
      // Before the opening (buyers polling) or after the close: no order is worth starting. The reasons are
      // answered in their order as qualify does, and the last of them, inactive, always applies.
      const [row] = await deps.db.select({ left: seckillItems.left }).from(seckillItems).where(eq(seckillItems.id, item.id));
      refuseIfAny(seckillRefusal(await facts(deps.db, event, item, buyer, now, (row?.left ?? 0) > 0)));
    }
    const entry = await gate.enter({ id: item.id, buyLimit: item.buyLimit }, buyer.accountId);
    deps.metrics.flashGate('refused' in entry ? entry.refused : 'admitted');
    if ('refused' in entry) throw fail.unprocessable('sec_kill', entry.refused);
    let outcome: GateOutcome = 'refused';
    try {
      const placed = await lanes.submit(item.id, { accountId: buyer.accountId, buyer, address_id: asked.address_id, known, event });
      if ('refusal' in placed) {
        if (placed.soldOut) outcome = 'sold_out';
        throw placed.refusal;
      }
      outcome = 'taken';
      return { id: placed.orderId };
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
