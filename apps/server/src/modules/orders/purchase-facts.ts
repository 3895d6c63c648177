import { and, eq, gte, lt, max, sql } from 'drizzle-orm';
import type { Area } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';
import { orderGames, orders } from './tables.ts';

/** What an account bought on a site in a window: its largest completed order and whether a SKU was among its lines. */
export interface PurchaseFacts {
  bestOrderAmount: number;
  boughtSku: boolean;
}

/**
 * The purchases a promotion asks about (a lottery's minimum order price or required SKU,
 * docs/product/deals.md#lottery-qualifying): completed orders of the account on the site, completed in
 * [from, to). Zero-price orders count as orders of 0 (a gift is not a purchase of its price).
 */
export async function purchaseFacts(db: DbOrTx, accountId: number, area: Area, from: Date, to: Date, skuId: number | null): Promise<PurchaseFacts> {
  const within = and(eq(orders.accountId, accountId), eq(orders.area, area), eq(orders.state, 'completed'), gte(orders.completedAt, from), lt(orders.completedAt, to));
  const [best] = await db.select({ amount: max(orders.totalAmount) }).from(orders).where(within);
  let boughtSku = false;
  if (skuId !== null) {
    const [line] = await db.select({ one: sql<number>`1` }).from(orderGames).innerJoin(orders, eq(orders.id, orderGames.orderId))
      .where(and(within, eq(orderGames.skuId, skuId), sql`${orders.totalAmount} > 0`)).limit(1);
    boughtSku = line !== undefined;
  }
  return { bestOrderAmount: best?.amount ?? 0, boughtSku };
}

/** One order of the account on the site as a promotion sees it: whether completed, when, its price and its SKUs. */
export interface OrderDrawFacts {
  completed: boolean;
  completedAt: Date | null;
  totalAmount: number;
  skuIds: number[];
}

export async function orderDrawFacts(db: DbOrTx, accountId: number, area: Area, orderId: number): Promise<OrderDrawFacts | null> {
  const [order] = await db.select({ state: orders.state, completedAt: orders.completedAt, totalAmount: orders.totalAmount }).from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.accountId, accountId), eq(orders.area, area))).limit(1);
  if (!order) return null;
  const lines = await db.select({ skuId: orderGames.skuId }).from(orderGames).where(eq(orderGames.orderId, orderId));
  return { completed: order.state === 'completed', completedAt: order.completedAt, totalAmount: order.totalAmount, skuIds: lines.map((l) => l.skuId) };
}
