import { and, count, desc, eq, inArray, lte, type SQL } from 'drizzle-orm';
import {
  CART_ITEM_MAX_QUANTITY, SITES, UNPAID_ORDER_STATES, allocateDiscount, displayOrderState, effectiveSalePrice, orderExpiresAt,
  orderTotals, unitPointsPrice, type OrderState, type ReasonCode,
} from '@lantern/domain';
import type { Order, PaymentSummary } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import type { PeriodicJob } from '../../platform/jobs.ts';
import { AppError, fail, type FieldErrors } from '../../platform/errors.ts';
import { type SkuRow, keepListed, keepViewable, loadSkuRows, skuCoversOf } from '../catalog/index.ts';
import { listAddresses } from '../accounts/index.ts';
import { cartLines, removeFromCart } from '../cart/index.ts';
import type { Buyer } from '../../platform/viewer.ts';
import { releaseCouponsOfOrders, useCouponForOrder } from '../coupons/index.ts';
import { paymentsOfOrders } from '../payments/index.ts';
import { lockedProductIds } from './purchase-guard.ts';
import { orderGames, orders, type AddressSnapshot } from './tables.ts';
import { loadOrderExtras, type OrderExtras } from './extras.ts';
import { listedOrdersSql } from './counts.ts';

type OrderRow = typeof orders.$inferSelect;
type OrderGameRow = typeof orderGames.$inferSelect;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
/** Games, DLC and bundles are keys: one copy per order, and not again once owned. */
const KEY_KINDS = new Set<SkuRow['kind']>(['game', 'dlc', 'bundle']);

export interface CreateOrderInput {
  sku_ids: number[];
  cate: SkuRow['cate'];
  type: 'cart' | 'one_click';
  coupon_ids?: number[];
  address_id?: number;
}

export function presentOrder(row: OrderRow, games: readonly OrderGameRow[], now: Date, payments: readonly PaymentSummary[], extras: OrderExtras): Order {
  const createdAtSec = seconds(row.createdAt);
  return {
    id: row.id,
    type: row.type,
    state: row.state,
    display_state: displayOrderState({ type: row.type, state: row.state, createdAtSec }, seconds(now)),
    cate: row.cate,
    area: row.area,
    currency: row.currency,
    list_amount: row.listAmount,
    subtotal_amount: row.subtotalAmount,
    coupon_amount: row.couponAmount,
    total_amount: row.totalAmount,
    account_coupon_id: row.accountCouponId,
    address: row.address,
    cancel_reason: row.cancelReason,
    version: row.version,
    created_at_timestamp: createdAtSec,
    expires_at_timestamp: seconds(row.expiresAt),
    canceled_at_timestamp: toTimestamp(row.canceledAt),
    completed_at_timestamp: toTimestamp(row.completedAt),
    order_games: games.map((g) => ({
      id: g.id,
      sku_id: g.skuId,
      product_id: g.productId,
      sku_names: g.skuName,
      // Every line's SKU exists (foreign key), so its cover was loaded with the others.
      sku_covers: extras.covers.get(g.skuId)!,
      quantity: g.quantity,
      list_price: g.listPrice,
      sale_price: g.salePrice,
      coupon_amount: g.couponAmount,
      amount: g.amount,
      game_keys: extras.keys?.get(g.id)?.keys ?? [],
      delivery: extras.keys?.get(g.id)?.delivery ?? null,
    })),
    payments: [...payments],
    shipment: extras.shipments?.get(row.id) ?? null,
  };
}

/** Products the account owns: lines of its completed orders (the `owned` rule, docs/product/buying.md#order-generation). */
export async function ownedProductIds(db: DbOrTx, accountId: number, productIds: readonly number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ productId: orderGames.productId })
    .from(orderGames)
    .innerJoin(orders, eq(orders.id, orderGames.orderId))
    .where(and(eq(orderGames.accountId, accountId), eq(orders.state, 'completed'), inArray(orderGames.productId, [...productIds])));
  return new Set(rows.map((r) => r.productId));
}

async function gamesOf(db: DbOrTx, orderIds: readonly number[]) {
  const byOrder = new Map<number, OrderGameRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db.select().from(orderGames).where(inArray(orderGames.orderId, [...orderIds])).orderBy(orderGames.id);
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}

/**
 * POST /api/orders: checks every rule of order generation that needs no payment (docs/product/buying.md#order-generation), then writes the
 * order, its lines (prices snapshotted) and the coupon's use in one transaction. Problems are answered
 * together as 422; per-SKU reasons are also listed in `meta.skus`.
 */
export async function createOrder(deps: Deps, buyer: Buyer, input: CreateOrderInput): Promise<Order> {
  const now = deps.clock.now();
  const errors: FieldErrors = {};
  const perSku: FieldErrors = {};
  const add = (field: string, reason: ReasonCode) => {
    const list = (errors[field] ??= []);
    if (!list.includes(reason)) list.push(reason);
  };
  const skuProblem = (skuId: number, reason: ReasonCode) => {
    add('sku', reason);
    const list = (perSku[skuId] ??= []);
    if (!list.includes(reason)) list.push(reason);
  };

  const rows = await loadSkuRows(deps.db, input.sku_ids);
  const viewable = new Set(keepViewable(rows, buyer.area, buyer.region).map((r) => r.sku.id));
  const listed = new Map(keepListed(rows, buyer.area, buyer.region).map((r) => [r.sku.id, r]));
  const onArea = new Map(rows.filter((r) => r.sku.area === buyer.area && r.sku.status !== 'unpublished').map((r) => [r.sku.id, r]));

  const quantities = new Map<number, number>();
  if (input.type === 'cart') {
    const held = new Map((await cartLines(deps.db, buyer.accountId, buyer.area)).map((l) => [l.skuId, l.quantity]));
    for (const skuId of input.sku_ids) {
      const q = held.get(skuId);
      if (q === undefined) skuProblem(skuId, 'not_in_cart');
      else quantities.set(skuId, q);
    }
  } else {
    for (const skuId of input.sku_ids) quantities.set(skuId, 1);
  }

  const seenSkus = new Set<number>();
  const seenProducts = new Set<number>();
  const chosen: SkuRow[] = [];
  for (const skuId of input.sku_ids) {
    if (seenSkus.has(skuId)) {
      skuProblem(skuId, 'duplicate');
      continue;
    }
    seenSkus.add(skuId);
    const row = listed.get(skuId);
    if (!row) {
      // Region-locked away from the buyer is said as such (region_invalid); anything else is status_invalid.
      skuProblem(skuId, onArea.has(skuId) && !viewable.has(skuId) ? 'region_invalid' : 'status_invalid');
      continue;
    }
    if (row.cate !== input.cate) add('cate', 'invalid');
    if (seenProducts.has(row.sku.productId)) skuProblem(skuId, 'duplicate');
    seenProducts.add(row.sku.productId);
    const quantity = quantities.get(skuId) ?? 1;
    if ((KEY_KINDS.has(row.kind) && quantity > 1) || quantity > CART_ITEM_MAX_QUANTITY) skuProblem(skuId, 'exceed_limit');
    chosen.push(row);
  }

  const keyRows = chosen.filter((r) => KEY_KINDS.has(r.kind));
  const baseIds = keyRows.map((r) => r.baseProductId).filter((id): id is number => id !== null);
  const owned = await ownedProductIds(deps.db, buyer.accountId, [...keyRows.map((r) => r.sku.productId), ...baseIds]);
  const locked = await lockedProductIds(deps.db, buyer.accountId, keyRows.map((r) => r.sku.productId), now);
  for (const row of keyRows) {
    if (owned.has(row.sku.productId)) skuProblem(row.sku.id, 'owned');
    else if (locked.has(row.sku.productId)) skuProblem(row.sku.id, 'locked');
    if (row.kind === 'dlc' && row.baseProductId !== null && !owned.has(row.baseProductId) && !seenProducts.has(row.baseProductId)) {
      skuProblem(row.sku.id, 'has_no_base');
    }
  }

  let address: AddressSnapshot | null = null;
  if (input.cate === 'physical') {
    if (input.address_id === undefined) add('address_id', 'blank');
    else {
      const found = (await listAddresses(deps, buyer.accountId)).find((a) => a.id === input.address_id);
      if (!found) add('address_id', 'not_found');
      else {
        address = {
          name: found.name, phone_number: found.phone, country_code: found.countryCode, prov_id: found.provId, city_id: found.cityId,
          area_id: found.areaId, region_text: found.regionText, address: found.address, postcode: found.postcode,
        };
      }
    }
  }
  const couponIds = [...new Set(input.coupon_ids ?? [])];
  if (couponIds.length > 1) add('coupon_ids', 'over_limit');

  const throwIfAny = () => {
    if (Object.keys(errors).length > 0) throw new AppError(422, errors, Object.keys(perSku).length > 0 ? { skus: perSku } : undefined);
  };
  throwIfAny();

  const lines = chosen.map((row) => ({
    row,
    quantity: quantities.get(row.sku.id) ?? 1,
    listPrice: row.sku.listPrice,
    salePrice: effectiveSalePrice({ sale_price: row.sku.salePrice, list_price: row.sku.listPrice }),
  }));
  const couponLines = lines.map((l) => ({ sku_id: l.row.sku.id, product_id: l.row.sku.productId, amount: l.salePrice * l.quantity }));
  const createdAtSec = seconds(now);

  const written = await deps.db.transaction(async (tx) => {
    const base = orderTotals(lines.map((l) => ({ list_price: l.listPrice, sale_price: l.salePrice, quantity: l.quantity })), 0);
    const [created] = await tx
      .insert(orders)
      .values({
        accountId: buyer.accountId, area: buyer.area, type: input.type, cate: input.cate, state: 'pending', currency: SITES[buyer.area].currency,
        listAmount: base.list_amount, subtotalAmount: base.subtotal_amount, couponAmount: 0, totalAmount: base.total_amount, address,
        createdAt: now, expiresAt: new Date(orderExpiresAt({ type: input.type, createdAtSec }) * 1000 + (now.getTime() % 1000)),
      })
      .returning();
    let order = created!;
    const id = order.id;

    let shares = lines.map(() => 0);
    let couponAmount = 0;
    if (couponIds.length === 1) {
      const used = await useCouponForOrder(tx, buyer.accountId, buyer.area, couponIds[0]!, id, couponLines, now);
      if ('problem' in used) {
        add('coupon_ids', used.problem === 'not_in_period' ? 'expired' : used.problem);
        throwIfAny();
      } else {
        const eligible = new Set(used.availableSkuIds);
        shares = allocateDiscount(couponLines.map((c) => (eligible.has(c.sku_id) ? c.amount : 0)), used.discount);
        couponAmount = used.discount;
        const totals = orderTotals(lines.map((l) => ({ list_price: l.listPrice, sale_price: l.salePrice, quantity: l.quantity })), couponAmount);
        const [updated] = await tx.update(orders).set({ couponAmount: totals.coupon_amount, totalAmount: totals.total_amount, accountCouponId: couponIds[0]! }).where(eq(orders.id, id)).returning();
        order = updated!;
      }
    }
    const orderLines = await tx.insert(orderGames).values(lines.map((l, i) => ({
      orderId: id, accountId: buyer.accountId, skuId: l.row.sku.id, productId: l.row.sku.productId, skuName: l.row.sku.skuName, quantity: l.quantity,
      listPrice: l.listPrice, salePrice: l.salePrice, couponAmount: shares[i]!, amount: l.salePrice * l.quantity - shares[i]!,
      pointsPrice: unitPointsPrice({ can_points_pay: l.row.sku.canPointsPay, sale_points: l.row.sku.salePoints, list_points: l.row.sku.listPoints }),
      cashPayable: l.row.sku.supportCashPay,
    }))).returning();
    if (input.type === 'cart') await removeFromCart(tx, buyer.accountId, lines.map((l) => l.row.sku.id));
    return { order, orderLines };
  });
  // Answered from what the transaction wrote: a new order has no payments, keys or shipment yet, and
  // reading it back (with the expiry sweep every read runs) would cost a checkout some ten round trips.
  const orderLines = [...written.orderLines].sort((a, b) => a.id - b.id);
  const covers = await skuCoversOf(deps.db, orderLines.map((l) => l.skuId));
  return presentOrder(written.order, orderLines, now, [], { covers });
}

/**
 * Cancels unpaid orders whose payment window has passed (docs/product/buying.md#order-expiry) and gives their coupons back, in
 * one transaction. Called every 30 s by the sweeper in main.ts and before any read of orders, so an
 * expired order is never shown or paid as pending. Answers how many were canceled.
 */
export async function expireOrders(deps: Deps, now: Date, scope: { accountId?: number } = {}): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const where: SQL = and(inArray(orders.state, [...UNPAID_ORDER_STATES]), lte(orders.expiresAt, now), scope.accountId === undefined ? undefined : eq(orders.accountId, scope.accountId))!;
    const expired = await tx.update(orders).set({ state: 'canceled', cancelReason: 'expired', canceledAt: now }).where(where).returning({ id: orders.id });
    await releaseCouponsOfOrders(tx, expired.map((e) => e.id));
    return expired.length;
  });
}

/** The expiry sweep as a periodic job (platform/jobs.ts): every 30 s, on one instance at a time. */
export const orderExpiryJob: PeriodicJob = { name: 'order expiry', everyMs: 30_000, run: (deps) => expireOrders(deps, deps.clock.now()) };

async function findOwnOrder(db: DbOrTx, accountId: number, area: Buyer['area'], id: number) {
  const [row] = await db.select().from(orders).where(and(eq(orders.id, id), eq(orders.accountId, accountId), eq(orders.area, area))).limit(1);
  if (!row) throw fail.notFound();
  return row;
}

/** GET /api/me/orders/{id}: the account's own order on this site; anyone else's is a 404. */
export async function getOrder(deps: Deps, accountId: number, area: Buyer['area'], id: number): Promise<Order> {
  const now = deps.clock.now();
  await expireOrders(deps, now, { accountId });
  const row = await findOwnOrder(deps.db, accountId, area, id);
  const [games, paid] = await Promise.all([gamesOf(deps.db, [row.id]), paymentsOfOrders(deps.db, [row.id])]);
  const lines = games.get(row.id) ?? [];
  const extras = await loadOrderExtras(deps.db, [row.id], lines);
  return presentOrder(row, lines, now, paid.get(row.id) ?? [], extras);
}

/** GET /api/me/orders: newest first, paged, optionally of one state; orders the account deleted are left out. */
export async function listOrders(deps: Deps, accountId: number, area: Buyer['area'], page: number, per: number, state?: OrderState) {
  const now = deps.clock.now();
  await expireOrders(deps, now, { accountId });
  const where = and(listedOrdersSql(accountId, area), state === undefined ? undefined : eq(orders.state, state));
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(per).offset((page - 1) * per),
    deps.db.select({ n: count() }).from(orders).where(where),
  ]);
  const [games, paid] = await Promise.all([gamesOf(deps.db, rows.map((r) => r.id)), paymentsOfOrders(deps.db, rows.map((r) => r.id))]);
  const extras = await loadOrderExtras(deps.db, rows.map((r) => r.id), [...games.values()].flat());
  return { orders: rows.map((r) => presentOrder(r, games.get(r.id) ?? [], now, paid.get(r.id) ?? [], extras)), meta: { total_count: total?.n ?? 0, page, per } };
}

/**
 * POST /api/orders/{id}/cancel and DELETE /api/orders/{id} (docs/product/buying.md#order-delete: "deleting an order sets its state to
 * canceled"): an unpaid order becomes canceled and its coupon comes back; a completed order can be neither.
 * Canceling a canceled order is a no-op; deleting one marks it `deleted` (its canceled_at stays), which takes
 * it off the account's lists and counts.
 */
export async function cancelOrder(deps: Deps, accountId: number, area: Buyer['area'], id: number, reason: 'canceled' | 'deleted'): Promise<Order> {
  const now = deps.clock.now();
  await expireOrders(deps, now, { accountId });
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(and(eq(orders.id, id), eq(orders.accountId, accountId), eq(orders.area, area))).for('update');
    if (!row) throw fail.notFound();
    if (row.state === 'completed') throw fail.unprocessable('state', 'completed');
    if (row.state === 'canceled') {
      if (reason === 'deleted' && row.cancelReason !== 'deleted') await tx.update(orders).set({ cancelReason: 'deleted' }).where(eq(orders.id, id));
      return;
    }
    await tx.update(orders).set({ state: 'canceled', cancelReason: reason, canceledAt: now }).where(eq(orders.id, id));
    await releaseCouponsOfOrders(tx, [id]);
  });
  return getOrder(deps, accountId, area, id);
}
