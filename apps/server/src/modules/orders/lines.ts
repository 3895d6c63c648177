import { and, count, desc, eq } from 'drizzle-orm';
import type { Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { keysOfLines } from './presentation-sources.ts';
import { orderGames, orders } from './tables.ts';

/**
 * GET /api/me/order_games: the lines of the account's completed orders on the site — what it bought —
 * newest first, each with how its key is coming along (docs/product/buying.md#key-delivery) and the key itself (no code).
 */
export async function listOwnedLines(deps: Deps, accountId: number, area: Area, page: number, per: number) {
  const where = and(eq(orderGames.accountId, accountId), eq(orders.area, area), eq(orders.state, 'completed'));
  const [rows, [total]] = await Promise.all([
    deps.db.select({ line: orderGames, completedAt: orders.completedAt }).from(orderGames).innerJoin(orders, eq(orders.id, orderGames.orderId))
      .where(where).orderBy(desc(orders.completedAt), desc(orderGames.id)).limit(per).offset((page - 1) * per),
    deps.db.select({ n: count() }).from(orderGames).innerJoin(orders, eq(orders.id, orderGames.orderId)).where(where),
  ]);
  const keys = await keysOfLines(deps.db, rows.map((r) => r.line.id));
  return {
    order_games: rows.map(({ line, completedAt }) => ({
      id: line.id,
      order_id: line.orderId,
      sku_id: line.skuId,
      product_id: line.productId,
      sku_names: line.skuName,
      quantity: line.quantity,
      amount: line.amount,
      completed_at_timestamp: toTimestamp(completedAt),
      delivery: keys.get(line.id)?.delivery ?? null,
      game_keys: keys.get(line.id)?.keys ?? [],
    })),
    meta: { total_count: total?.n ?? 0, page, per },
  };
}
