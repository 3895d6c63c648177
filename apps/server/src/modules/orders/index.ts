/**
 * Orders: the bottom of the buying stack. Payments, keys and library sit above and call down through
 * what is exported here; orders imports none of them. What they add to an order (its fulfilment when
 * paid, its payments and keys when shown) they register through the hooks below.
 */
import type { ServerModule } from '../../platform/module.ts';
import { orderRoutes } from './routes.ts';
import { orderStaffRoutes } from './staff-routes.ts';
import { orderExpiryJob } from './orders.ts';
import { setupOrders } from './setup.ts';
import * as tables from './tables.ts';

// Unpaid orders really expire: swept every 30 s (once across instances), and also on every read of orders.
export const ordersModule: ServerModule = {
  name: 'orders', routes: orderRoutes, staffRoutes: orderStaffRoutes, jobs: [orderExpiryJob], tables, features: ['orders'], setup: setupOrders,
};

// Placing orders.
export { createOrder } from './checkout/create-order.ts';
export { createOrdersTogether, type BuyerOfMany, type OrderOfManyOutcome, type TogetherHooks } from './checkout/create-together.ts';
export type { CheckoutBuyer, CheckoutHooks, CreateOrderInput } from './checkout/context.ts';
export { PRICE_ADJUSTERS, type PriceAdjuster } from './checkout/pricing.ts';
export { heldProducts } from './checkout/validate-ownership.ts';
export { buyerLockKeys, lockBuyer } from './checkout/lock-buyer.ts';
export { registerLineReservation, type LineReservation, type ReservedLine } from './checkout/line-reservations.ts';
export { completeGrantOrder, findGrantOrder } from './grant-orders.ts';

// Reading and ending orders.
export { cancelOrder, expireOrders, getOrder, listOrders } from './orders.ts';
export { orderCounts } from './counts.ts';
export { purchaseFacts, orderDrawFacts, type PurchaseFacts, type OrderDrawFacts } from './purchase-facts.ts';
export { listOwnedLines } from './lines.ts';
export { findOwnOrder, lockOrderForPayment, type OrderOwner, type OrderRecord } from './own-order.ts';
export { orderUnpayableReason } from './payability.ts';
export { orderPaymentFacts, type OrderPaymentFacts } from './payment-facts.ts';
export { refundableOrderSql } from './refundable.ts';

// Completing a paid order, and what other modules plug into it.
export {
  claimManySqlParts, claimOrderForPayment, claimSqlParts, claimedOrderOf, completePaidOrder, fulfilClaimedOrder, fulfilClaimedOrders, runAfterCommit, type ClaimRow, type ClaimedOrder, type CompletionOutcome,
} from './completion.ts';
export { registerOrderReleaseStep, type OrderReleaseStep } from './release.ts';
export { registerPaidOrderCancelStep, registerPaidOrderRefund, type CanceledPaidOrder, type PaidOrderCancelStep, type PaidOrderRefund } from './paid-cancel.ts';
export { registerOrderPlacedStep, type OrderPlacedStep } from './placed.ts';
export type { OrderLineRow, OrderRow } from './checkout/write-order.ts';
export { registerFulfilmentStep, type AfterCommit, type FulfilmentStep, type PaidLine } from './fulfilment.ts';
export { provideLineKeys, provideOrderPayments, type LineKeys } from './presentation-sources.ts';
