import { eq } from 'drizzle-orm';
import type { PaymentMethod, PaymentOption } from '@lantern/contract';
import type { Area } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { GatewayMethod } from '../../platform/payment-gateway.ts';
import { walletOf, type WalletView } from '../accounts/wallet.ts';
import { scoreOf } from '../accounts/point-spending.ts';
import { loadSkuRows } from '../catalog/sku-rows.ts';
import { orderGames, type orders } from '../orders/tables.ts';

type OrderRow = typeof orders.$inferSelect;

/** The methods of each site, in the order the checkout shows them (spec §7.3). */
export const METHODS_OF_AREA: Record<Area, readonly PaymentMethod[]> = {
  native: ['alipay', 'wechat', 'wallet', 'points'],
  abroad: ['paypal', 'card', 'wallet', 'points'],
};

const GATEWAY_METHODS = new Set<PaymentMethod>(['alipay', 'wechat', 'paypal', 'card']);
export function isGatewayMethod(method: PaymentMethod): method is GatewayMethod {
  return GATEWAY_METHODS.has(method);
}

/** Why the order itself cannot be paid now, or null when it can (pending or in checkout, inside its window). */
export function unpayableReason(order: Pick<OrderRow, 'state' | 'cancelReason' | 'expiresAt'>, now: Date): 'completed' | 'canceled' | 'expired' | null {
  if (order.state === 'completed') return 'completed';
  if (order.state === 'canceled') return order.cancelReason === 'expired' ? 'expired' : 'canceled';
  if (order.expiresAt.getTime() <= now.getTime()) return 'expired';
  return null;
}

/** What deciding the methods needs to know about an order and its buyer. */
export interface PaymentFacts {
  area: Area;
  total: number;
  unpayable: 'completed' | 'canceled' | 'expired' | null;
  /** False when a SKU is sold for points only (skus.support_cash_pay). */
  cashSupported: boolean;
  /** The order's price in points, or null when a SKU cannot be paid with points. */
  pointsAmount: number | null;
  wallet: WalletView;
  score: number;
}

/**
 * Each method of the order's site, available or with the reason it is not. Pure, so the listing and the
 * pay call answer the same thing; the pay call then re-checks money with conditional updates.
 */
export function paymentOptions(facts: PaymentFacts): PaymentOption[] {
  return METHODS_OF_AREA[facts.area].map((method): PaymentOption => {
    const option = (reason: PaymentOption['reason']) => ({ method, available: reason === null, reason });
    if (method === 'points') {
      const reason = facts.unpayable ?? (facts.pointsAmount === null ? 'points_unsupported' : facts.score < facts.pointsAmount ? 'insufficient_points' : null);
      return { ...option(reason), points_amount: facts.pointsAmount, score: facts.score };
    }
    const cash = facts.unpayable ?? (facts.cashSupported ? null : 'cash_unsupported');
    if (method === 'wallet') {
      const reason = cash ?? (facts.wallet.status === 'frozen' ? 'wallet_frozen' : facts.wallet.balance < facts.total ? 'insufficient_balance' : null);
      return { ...option(reason), balance: facts.wallet.balance };
    }
    return option(cash);
  });
}

/**
 * Reads the facts for an order. The points price is each line's SKU `sale_points`, else `list_points`,
 * times its quantity, read now (order lines snapshot money prices, not points); it exists only when every
 * SKU has `can_points_pay`.
 */
export async function loadPaymentFacts(db: DbOrTx, order: OrderRow, now: Date): Promise<PaymentFacts> {
  const lines = await db.select({ skuId: orderGames.skuId, quantity: orderGames.quantity }).from(orderGames).where(eq(orderGames.orderId, order.id));
  const skus = new Map((await loadSkuRows(db, lines.map((l) => l.skuId))).map((r) => [r.sku.id, r.sku]));
  let pointsAmount: number | null = 0;
  let cashSupported = true;
  for (const line of lines) {
    const sku = skus.get(line.skuId);
    if (!sku) throw new Error(`order ${order.id} holds an unknown SKU ${line.skuId}`);
    if (!sku.supportCashPay) cashSupported = false;
    const points = sku.salePoints ?? sku.listPoints;
    pointsAmount = pointsAmount === null || !sku.canPointsPay || points === null ? null : pointsAmount + points * line.quantity;
  }
  // One after the other: inside a transaction the queries share one connection anyway.
  const wallet = await walletOf(db, order.accountId, order.currency);
  const score = await scoreOf(db, order.accountId);
  return { area: order.area, total: order.totalAmount, unpayable: unpayableReason(order, now), cashSupported, pointsAmount, wallet, score };
}
