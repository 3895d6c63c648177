import { eq } from 'drizzle-orm';
import type { PaymentMethod, PaymentOption } from '@lantern/contract';
import type { Area } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { GatewayMethod } from '../../platform/payment-gateway.ts';
import type { PaymentGateways } from '../../platform/payment-gateways/select.ts';
import { type WalletView, scoreOf, walletOf } from '../accounts/index.ts';
import { orderGames, type orders } from '../orders/tables.ts';

type OrderRow = typeof orders.$inferSelect;

/** The methods of each site, in the order the checkout shows them (docs/product/buying.md#payment-methods). */
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
 * pay call answer the same thing; the pay call then re-checks money with conditional updates. A gateway
 * method no gateway may take here (production without its provider) is `method_unavailable`.
 */
export function paymentOptions(facts: PaymentFacts, gateways: Pick<PaymentGateways, 'gatewayFor'>): PaymentOption[] {
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
    return option(cash ?? (gateways.gatewayFor(facts.area, method) ? null : 'method_unavailable'));
  });
}

/**
 * Reads the facts for an order. The points price and whether cash is taken were snapshotted on each line
 * when the order was placed, like its money prices: a points price changed later does not change what
 * this order costs. The order has a points price only when every line has one.
 */
export async function loadPaymentFacts(db: DbOrTx, order: OrderRow, now: Date): Promise<PaymentFacts> {
  const lines = await db
    .select({ quantity: orderGames.quantity, pointsPrice: orderGames.pointsPrice, cashPayable: orderGames.cashPayable })
    .from(orderGames)
    .where(eq(orderGames.orderId, order.id));
  let pointsAmount: number | null = 0;
  let cashSupported = true;
  for (const line of lines) {
    if (!line.cashPayable) cashSupported = false;
    pointsAmount = pointsAmount === null || line.pointsPrice === null ? null : pointsAmount + line.pointsPrice * line.quantity;
  }
  // One after the other: inside a transaction the queries share one connection anyway.
  const wallet = await walletOf(db, order.accountId, order.currency);
  const score = await scoreOf(db, order.accountId);
  return { area: order.area, total: order.totalAmount, unpayable: unpayableReason(order, now), cashSupported, pointsAmount, wallet, score };
}
