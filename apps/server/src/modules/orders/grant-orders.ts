import { and, desc, eq } from 'drizzle-orm';
import { SITES } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';
import type { SkuRow } from '../catalog/index.ts';
import { lockBuyer } from './checkout/lock-buyer.ts';
import { validateBuyer } from './checkout/validate-buyer.ts';
import { completePaidOrder, type CompletionOutcome } from './completion.ts';
import { orderGames, orders } from './tables.ts';

const WINDOW_MS = 30 * 60_000;

/**
 * A SKU given, not bought (a redeem code's game or goods): a zero-amount one-click order completed at
 * once in the caller's transaction, so the key comes through the one delivery path (pool, supplier,
 * waiting line) and `key_deliveries` has the order line it requires. The order shows in the account's
 * orders at 0 (decisions/0006). The account-wide rules of every order apply under the buyer's lock
 * (a barred account is refused with 403 `account: purchase_ban`; the market is checked when the caller
 * knows the client's address). Answers the completion, whose `afterCommit` the caller starts once committed.
 */
export async function completeGrantOrder(tx: Tx, deps: Deps, accountId: number, row: SkuRow, now: Date, ip: string | null = null): Promise<Extract<CompletionOutcome, { outcome: 'completed' }>> {
  await lockBuyer(tx, accountId);
  await validateBuyer(tx, deps, { accountId, area: row.sku.area, ip });
  const [order] = await tx
    .insert(orders)
    .values({
      accountId, area: row.sku.area, type: 'one_click', cate: row.cate, state: 'pending', currency: SITES[row.sku.area].currency,
      listAmount: row.sku.listPrice, subtotalAmount: 0, couponAmount: 0, totalAmount: 0, createdAt: now, expiresAt: new Date(now.getTime() + WINDOW_MS),
    })
    .returning({ id: orders.id });
  await tx.insert(orderGames).values({
    orderId: order!.id, accountId, skuId: row.sku.id, productId: row.sku.productId, skuName: row.sku.skuName, quantity: 1,
    listPrice: row.sku.listPrice, salePrice: 0, couponAmount: 0, amount: 0,
  });
  const outcome = await completePaidOrder(tx, deps, order!.id, now);
  if (outcome.outcome !== 'completed') throw new Error(`grant order ${order!.id} not completed: ${outcome.outcome}`);
  return outcome;
}

/** The grant order made for an account's SKU at an instant (a redemption's order). */
export async function findGrantOrder(db: DbOrTx, accountId: number, skuId: number, at: Date): Promise<number | null> {
  const [row] = await db.select({ id: orders.id }).from(orders).innerJoin(orderGames, eq(orderGames.orderId, orders.id))
    .where(and(eq(orders.accountId, accountId), eq(orders.createdAt, at), eq(orders.totalAmount, 0), eq(orderGames.skuId, skuId)))
    .orderBy(desc(orders.id)).limit(1);
  return row?.id ?? null;
}
