import { and, eq, gt, inArray } from 'drizzle-orm';
import { UNPAID_ORDER_STATES, isPurchaseBlocked } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { findAccount } from '../accounts/index.ts';
import type { Buyer } from '../../platform/viewer.ts';
import { orderGames, orders } from './tables.ts';

/**
 * The account-wide rules of order generation (docs/product/buying.md#account-rules), checked before any SKU: a buyer whose address is
 * outside the site's market is refused (`ip: purchase_blocked`, the web goes to /ip_error), and an
 * account staff barred from buying gets `account: purchase_ban` (the web shows its disable-buy message).
 */
export async function assertMayPurchase(deps: Deps, buyer: Buyer, ip: string): Promise<void> {
  if (isPurchaseBlocked(buyer.area, deps.geoip.countryOf(ip))) throw new AppError(403, { ip: ['purchase_blocked'] });
  const account = await findAccount(deps.db, buyer.accountId);
  if (account?.purchaseBannedAt) throw new AppError(403, { account: ['purchase_ban'] });
}

/**
 * Products the account is already paying for: lines of its unpaid orders still inside their window
 * (docs/product/buying.md#order-game-lock). A second order for the same game would let two payments race for one
 * copy, so it waits until the first order is paid, canceled or expired.
 */
export async function lockedProductIds(db: DbOrTx, accountId: number, productIds: readonly number[], now: Date): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
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
