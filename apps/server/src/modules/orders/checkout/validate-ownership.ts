import { and, eq, gt, inArray } from 'drizzle-orm';
import { UNPAID_ORDER_STATES, isGameKind } from '@lantern/domain';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { orderGames, orders } from '../tables.ts';
import type { CheckoutLine, LockedCheckout } from './context.ts';

/**
 * The rules about what the account already has, for games, DLC and bundles: one it owns is refused
 * (`owned`), one an unpaid order of its already holds waits for that order (`locked`: two payments must
 * not race for one copy), and a DLC needs its base game, owned or in the same order (`has_no_base`).
 * Runs under the buyer's lock (lock-buyer.ts), so what it reads cannot change before the order is written.
 */
export async function validateOwnership({ tx, buyer, now, problems }: LockedCheckout, lines: readonly CheckoutLine[]): Promise<void> {
  const games = lines.map((l) => l.row).filter((row) => isGameKind(row.kind));
  if (games.length === 0) return;
  const ordered = new Set(lines.map((l) => l.row.sku.productId));
  const baseIds = games.map((r) => r.baseProductId).filter((id): id is number => id !== null);
  const owned = await ownedProductIds(tx, buyer.accountId, [...games.map((r) => r.sku.productId), ...baseIds]);
  const locked = await lockedProductIds(tx, buyer.accountId, games.map((r) => r.sku.productId), now);
  for (const row of games) {
    if (owned.has(row.sku.productId)) problems.sku(row.sku.id, 'owned');
    else if (locked.has(row.sku.productId)) problems.sku(row.sku.id, 'locked');
    if (row.kind === 'dlc' && row.baseProductId !== null && !owned.has(row.baseProductId) && !ordered.has(row.baseProductId)) {
      problems.sku(row.sku.id, 'has_no_base');
    }
  }
}

/** Products the account owns: lines of its completed orders. */
export async function ownedProductIds(db: DbOrTx, accountId: number, productIds: readonly number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ productId: orderGames.productId })
    .from(orderGames)
    .innerJoin(orders, eq(orders.id, orderGames.orderId))
    .where(and(eq(orderGames.accountId, accountId), eq(orders.state, 'completed'), inArray(orderGames.productId, [...productIds])));
  return new Set(rows.map((r) => r.productId));
}

/**
 * Products the account is already paying for: lines of its unpaid orders still inside their window
 * (the order game lock). A second order for the same game waits until the first is paid, canceled or expired.
 */
async function lockedProductIds(db: DbOrTx, accountId: number, productIds: readonly number[], now: Date): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ productId: orderGames.productId })
    .from(orderGames)
    .innerJoin(orders, eq(orders.id, orderGames.orderId))
    .where(and(
      eq(orderGames.accountId, accountId),
      inArray(orderGames.productId, [...productIds]),
      inArray(orders.state, [...UNPAID_ORDER_STATES]),
      gt(orders.expiresAt, now),
    ));
  return new Set(rows.map((r) => r.productId));
}
