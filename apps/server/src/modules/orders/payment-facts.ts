import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { orderGames } from './tables.ts';

/** What paying an order needs to know of its lines, as snapshotted when it was placed. */
export interface OrderPaymentFacts {
  /** The order's price in points, or null when a line cannot be paid with points. */
  pointsAmount: number | null;
  /** False when a line was sold for points only. */
  cashSupported: boolean;
}

/**
 * The points price and whether cash is taken come from each line's snapshot, like its money prices: a
 * points price changed later does not change what this order costs. The order has a points price only
 * when every line has one.
 */
export async function orderPaymentFacts(db: DbOrTx, orderId: number): Promise<OrderPaymentFacts> {
  const lines = await db
    .select({ quantity: orderGames.quantity, pointsPrice: orderGames.pointsPrice, cashPayable: orderGames.cashPayable })
    .from(orderGames)
    .where(eq(orderGames.orderId, orderId));
  let pointsAmount: number | null = 0;
  let cashSupported = true;
  for (const line of lines) {
    if (!line.cashPayable) cashSupported = false;
    pointsAmount = pointsAmount === null || line.pointsPrice === null ? null : pointsAmount + line.pointsPrice * line.quantity;
  }
  return { pointsAmount, cashSupported };
}
