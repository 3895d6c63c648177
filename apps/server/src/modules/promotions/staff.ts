import { and, eq, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { SeckillEvent, createSeckillRequest, updateSeckillRequest } from '@lantern/contract';
import { isGameKind } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { loadSkuRows } from '../catalog/index.ts';
import { loadEvents, presentEvents } from './events.ts';
import { addUnits, backItemWithKeys } from './keys-set-aside.ts';
import { eventsChanged } from './purchase.ts';
import { seckillEvents, seckillItems } from './tables.ts';

type CreateInput = z.infer<typeof createSeckillRequest>['sec_kill'];
type UpdateInput = z.infer<typeof updateSeckillRequest>['sec_kill'];

const atSec = (sec: number) => new Date(sec * 1000);
const optionalAt = (sec: number | null | undefined) => (sec === undefined ? undefined : sec === null ? null : atSec(sec));

async function presentOne(deps: Deps, area: 'native' | 'abroad', id: number): Promise<SeckillEvent> {
  const loaded = await loadEvents(deps.db, area, eq(seckillEvents.id, id));
  const [event] = await presentEvents(deps.db, loaded, deps.clock.now());
  return event!;
}

/** The game an event requires the buyer to own must be a game (any site: owning it is what counts). */
async function checkRequiredSku(deps: Deps, skuId: number | null | undefined): Promise<void> {
  if (skuId === undefined || skuId === null) return;
  const [row] = await loadSkuRows(deps.db, [skuId]);
  if (!row || !isGameKind(row.kind)) throw fail.unprocessable('require_owned_sku_id', 'status_invalid');
}

/** POST /api/admin/sec_kills: an event of one site with its items, each SKU of that site, once, each unit backed by a key. */
export async function createSeckill(deps: Deps, input: CreateInput): Promise<SeckillEvent> {
  if (input.to_timestamp <= input.from_timestamp) throw fail.unprocessable('to_timestamp', 'invalid');
  const skuIds = input.items.map((i) => i.sku_id);
  if (new Set(skuIds).size !== skuIds.length) throw fail.unprocessable('sku_id', 'duplicate');
  const rows = await loadSkuRows(deps.db, skuIds);
  if (rows.length !== skuIds.length || rows.some((r) => r.sku.area !== input.area)) throw fail.unprocessable('sku_id', 'status_invalid');
  await checkRequiredSku(deps, input.require_owned_sku_id);
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const [event] = await tx.insert(seckillEvents).values({
      area: input.area, title: input.title, position: input.index ?? 0, fromAt: atSec(input.from_timestamp), toAt: atSec(input.to_timestamp),
      requirePhone: input.require_phone ?? false, requireSteam: input.require_steam ?? false, requireWechat: input.require_wechat ?? false,
      registeredFrom: optionalAt(input.registered_from_timestamp) ?? null, registeredTo: optionalAt(input.registered_to_timestamp) ?? null,
      requiredSkuId: input.require_owned_sku_id ?? null, requiredCompletedOrders: input.require_completed_orders ?? 0,
      createdAt: now, updatedAt: now,
    }).returning({ id: seckillEvents.id });
    const items = await tx.insert(seckillItems).values(input.items.map((item, position) => ({
      eventId: event!.id, skuId: item.sku_id, price: item.price, stock: item.stock, left: item.stock, buyLimit: item.buy_limit ?? 1, position,
    }))).returning({ id: seckillItems.id, skuId: seckillItems.skuId, stock: seckillItems.stock });
    // Every unit's key set aside now, or the event is refused whole (docs/product/deals.md#flash-sale-keys).
    const skuOf = new Map(rows.map((r) => [r.sku.id, r]));
    for (const item of items.sort((a, b) => a.skuId - b.skuId)) await backItemWithKeys(tx, item, skuOf.get(item.skuId)!);
    return event!.id;
  });
  return presentOne(deps, input.area, id);
}

/** Whether any item of the event has given its keys back (keys-set-aside.ts returnEndedSaleKeys). */
async function keysReturned(deps: Deps, eventId: number): Promise<boolean> {
  const [row] = await deps.db.select({ id: seckillItems.id }).from(seckillItems).where(and(eq(seckillItems.eventId, eventId), isNotNull(seckillItems.keysReturnedAt))).limit(1);
  return row !== undefined;
}

/**
 * PATCH /api/admin/sec_kills/{id}: edits what is given; `closed: true` closes the event (nothing more is sold);
 * `items` adds units to items on sale, each backed by a key set aside (or refused whole) — not once it is over.
 */
export async function updateSeckill(deps: Deps, id: number, input: UpdateInput): Promise<SeckillEvent> {
  const [row] = await deps.db.select().from(seckillEvents).where(eq(seckillEvents.id, id)).limit(1);
  if (!row) throw fail.notFound();
  const fromAt = input.from_timestamp === undefined ? row.fromAt : atSec(input.from_timestamp);
  const toAt = input.to_timestamp === undefined ? row.toAt : atSec(input.to_timestamp);
  if (toAt.getTime() <= fromAt.getTime()) throw fail.unprocessable('to_timestamp', 'invalid');
  await checkRequiredSku(deps, input.require_owned_sku_id);
  // Once its keys went back to the pool (the event over), nothing may make it sell again: a new event is made.
  const reopens = input.closed === false || (input.to_timestamp !== undefined && toAt.getTime() > deps.clock.now().getTime());
  if (reopens && (await keysReturned(deps, id))) throw fail.unprocessable('event', 'inactive');
  const added = input.items ?? [];
  if (added.length > 0 && (row.closed || input.closed === true || toAt.getTime() <= deps.clock.now().getTime())) throw fail.unprocessable('event', 'inactive');
  const skuRows = new Map((await loadSkuRows(deps.db, added.map((i) => i.sku_id))).map((r) => [r.sku.id, r]));
  if (added.some((i) => !skuRows.has(i.sku_id)) || new Set(added.map((i) => i.sku_id)).size !== added.length) throw fail.unprocessable('sku_id', 'status_invalid');
  await deps.db.transaction(async (tx) => {
    // In SKU order, so two staff edits never wait on each other's item rows in a circle.
    for (const item of [...added].sort((a, b) => a.sku_id - b.sku_id)) await addUnits(tx, id, item.sku_id, item.add_stock, skuRows.get(item.sku_id)!);
    await tx.update(seckillEvents).set({
      title: input.title, position: input.index, fromAt, toAt, closed: input.closed,
      // The closing instant starts the count to its keys' return; reopening forgets it.
      closedAt: input.closed === undefined || input.closed === row.closed ? undefined : input.closed ? deps.clock.now() : null,
      requirePhone: input.require_phone, requireSteam: input.require_steam, requireWechat: input.require_wechat,
      registeredFrom: optionalAt(input.registered_from_timestamp), registeredTo: optionalAt(input.registered_to_timestamp),
      requiredSkuId: input.require_owned_sku_id, requiredCompletedOrders: input.require_completed_orders,
      updatedAt: deps.clock.now(),
    }).where(eq(seckillEvents.id, id));
  });
  eventsChanged();
  return presentOne(deps, row.area, id);
}
