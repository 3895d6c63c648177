import { and, count, desc, eq, inArray, lte, type SQL } from 'drizzle-orm';
import { UNPAID_ORDER_STATES, buyerMayCancelPaidOrder, type OrderState } from '@lantern/domain';
import type { Order } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';
import type { PeriodicJob } from '../../platform/jobs.ts';
import { fail } from '../../platform/errors.ts';
import type { Buyer } from '../../platform/viewer.ts';
import { releaseCouponsOfOrders } from '../coupons/index.ts';
import { orderGames, orders } from './tables.ts';
import { loadOrderExtras } from './extras.ts';
import { listedOrdersSql } from './counts.ts';
import { findOwnOrder, type OrderRecord } from './own-order.ts';
import { presentOrder } from './presenter.ts';
import { releaseEndedOrders } from './release.ts';
import { paidOrderRefund, runPaidOrderCancelSteps } from './paid-cancel.ts';
import type { AfterCommit } from './fulfilment.ts';
import { cancelShipment, lockShipment } from './shipments.ts';

type OrderGameRow = typeof orderGames.$inferSelect;

async function gamesOf(db: DbOrTx, orderIds: readonly number[]) {
  const byOrder = new Map<number, OrderGameRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db.select().from(orderGames).where(inArray(orderGames.orderId, [...orderIds])).orderBy(orderGames.id);
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}

/**
 * Cancels unpaid orders whose payment window has passed (docs/product/buying.md#order-expiry) and gives their coupons back, in
 * one transaction. Run every 30 s as the `order expiry` job and before any read of orders, so an
 * expired order is never shown or paid as pending. Answers how many were canceled.
 */
export async function expireOrders(deps: Deps, now: Date, scope: { accountId?: number } = {}): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const where: SQL = and(inArray(orders.state, [...UNPAID_ORDER_STATES]), lte(orders.expiresAt, now), scope.accountId === undefined ? undefined : eq(orders.accountId, scope.accountId))!;
    const expired = await tx.update(orders).set({ state: 'canceled', cancelReason: 'expired', canceledAt: now }).where(where).returning({ id: orders.id });
    await releaseCouponsOfOrders(tx, expired.map((e) => e.id));
    await releaseEndedOrders(tx, expired.map((e) => e.id), now);
    return expired.length;
  });
}

/** The expiry sweep as a periodic job (platform/jobs.ts): every 30 s, on one instance at a time. */
export const orderExpiryJob: PeriodicJob = { name: 'order expiry', everyMs: 30_000, run: (deps) => expireOrders(deps, deps.clock.now()) };

/** GET /api/me/orders/{id}: the account's own order on this site; anyone else's is a 404. */
export async function getOrder(deps: Deps, accountId: number, area: Buyer['area'], id: number): Promise<Order> {
  const now = deps.clock.now();
  await expireOrders(deps, now, { accountId });
  const row = await findOwnOrder(deps.db, { accountId, area }, id);
  if (!row) throw fail.notFound();
  const lines = (await gamesOf(deps.db, [row.id])).get(row.id) ?? [];
  return presentOrder(row, lines, now, await loadOrderExtras(deps.db, [row.id], lines));
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
  const games = await gamesOf(deps.db, rows.map((r) => r.id));
  const extras = await loadOrderExtras(deps.db, rows.map((r) => r.id), [...games.values()].flat());
  return { orders: rows.map((r) => presentOrder(r, games.get(r.id) ?? [], now, extras)), meta: { total_count: total?.n ?? 0, page, per } };
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
  let afterCommit: AfterCommit | undefined;
  await deps.db.transaction(async (tx) => {
    const row = await findOwnOrder(tx, { accountId, area }, id, { lock: true });
    if (!row) throw fail.notFound();
    if (row.state === 'completed' && reason === 'canceled' && row.cate === 'physical') {
      afterCommit = (await cancelPaidPhysicalOrder(tx, deps, row, now)) ?? undefined;
      return;
    }
    if (row.state === 'completed') throw fail.unprocessable('state', 'completed');
    if (row.state === 'canceled') {
      if (reason === 'deleted' && row.cancelReason !== 'deleted') await tx.update(orders).set({ cancelReason: 'deleted' }).where(eq(orders.id, id));
      return;
    }
    await tx.update(orders).set({ state: 'canceled', cancelReason: reason, canceledAt: now }).where(eq(orders.id, id));
    await releaseCouponsOfOrders(tx, [id]);
    await releaseEndedOrders(tx, [id], now);
  });
  if (afterCommit) await runRefundAfterCommit(deps, afterCommit, id);
  return getOrder(deps, accountId, area, id);
}

/**
 * The buyer cancels a paid physical order before it ships (docs/product/buying.md#cancel-physical): in the
 * transaction that holds the order's lock, the shipment is locked too — the lock staff's shipping takes — so
 * of a cancel and a shipping at the same moment exactly one wins. Still `preparing`: the shipment and the
 * order are canceled and the money goes back to the method that paid (the registered refund, same
 * transaction). Already shipped or delivered: 422 `shipment: shipped`, nothing changes. The coupon the order
 * used stays used: it was spent on a paid order.
 */
async function cancelPaidPhysicalOrder(tx: Tx, deps: Deps, row: OrderRecord, now: Date): Promise<AfterCommit | void> {
  const shipment = await lockShipment(tx, row.id);
  if (!buyerMayCancelPaidOrder(row, shipment?.state ?? null)) throw fail.unprocessable('shipment', 'shipped');
  await cancelShipment(tx, row.id, now);
  await tx.update(orders).set({ state: 'canceled', cancelReason: 'refunded', canceledAt: now, version: row.version + 1 }).where(eq(orders.id, row.id));
  const canceled = { id: row.id, accountId: row.accountId, now };
  const afterCommit = await paidOrderRefund()(tx, deps, canceled);
  await runPaidOrderCancelSteps(tx, canceled);
  return afterCommit;
}

/** A gateway refund asked for after the cancel committed; a failure leaves it pending for the retry job. */
async function runRefundAfterCommit(deps: Deps, work: AfterCommit, orderId: number): Promise<void> {
  try {
    await work(deps);
  } catch (err) {
    deps.log.error({ err, orderId }, 'refund after a canceled paid order failed; its retries will pick it up');
  }
}
