import type { PaymentMethod, PaymentOption } from '@lantern/contract';
import { walletPayRefusal, type Area } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { GatewayMethod } from '../../platform/payment-gateway.ts';
import type { PaymentGateways } from '../../platform/payment-gateways/select.ts';
import { type WalletView, scoreOf, walletOf } from '../accounts/index.ts';
import { orderPaymentFacts, orderUnpayableReason, type OrderRecord } from '../orders/index.ts';

/** The methods of each site, in the order the checkout shows them (docs/product/buying.md#payment-methods). */
export const METHODS_OF_AREA: Record<Area, readonly PaymentMethod[]> = {
  native: ['alipay', 'wechat', 'wallet', 'points'],
  abroad: ['paypal', 'card', 'wallet', 'points'],
};

const GATEWAY_METHODS = new Set<PaymentMethod>(['alipay', 'wechat', 'paypal', 'card']);
export function isGatewayMethod(method: PaymentMethod): method is GatewayMethod {
  return GATEWAY_METHODS.has(method);
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
    if (method === 'wallet') {
      // The wallet's rules are the pay call's too (domain's walletPayRefusal).
      const reason = facts.unpayable ?? walletPayRefusal({ cashSupported: facts.cashSupported, walletFrozen: facts.wallet.status === 'frozen', balance: facts.wallet.balance, total: facts.total });
      return { ...option(reason), balance: facts.wallet.balance };
    }
    const cash = facts.unpayable ?? (facts.cashSupported ? null : 'cash_unsupported');
    return option(cash ?? (gateways.gatewayFor(facts.area, method) ? null : 'method_unavailable'));
  });
}

/**
 * Reads the facts for an order: its lines' snapshotted points price and cash rule (orders' service),
 * whether it may be paid now (the one payability rule), and the buyer's wallet and score.
 */
export async function loadPaymentFacts(db: DbOrTx, order: OrderRecord, now: Date): Promise<PaymentFacts> {
  // One after the other: inside a transaction the queries share one connection anyway.
  const { pointsAmount, cashSupported } = await orderPaymentFacts(db, order.id);
  const wallet = await walletOf(db, order.accountId, order.currency);
  const score = await scoreOf(db, order.accountId);
  return { area: order.area, total: order.totalAmount, unpayable: orderUnpayableReason(order, now), cashSupported, pointsAmount, wallet, score };
}
