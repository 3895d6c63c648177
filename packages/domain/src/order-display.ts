/**
 * How an order's state is shown (docs/product/buying.md#order-display). An unpaid order is shown as canceled once its payment
 * window has passed, even before a background job has canceled it in the database, so nobody is
 * invited to pay for stock that has been released.
 */
import { ORDER_EXPIRY_SECONDS, SECKILL_ORDER_EXPIRY_SECONDS } from './constants.ts';

/** The product writes "one-click"; values in our API are snake_case. */
export const ORDER_TYPES = ['seckill', 'one_click', 'cart'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export const ORDER_STATES = ['in_checkout', 'pending', 'canceled', 'completed'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** States in which an order is still waiting for payment. */
export const UNPAID_ORDER_STATES = ['in_checkout', 'pending'] as const satisfies readonly OrderState[];

export function orderExpirySeconds(type: OrderType): number {
  return type === 'seckill' ? SECKILL_ORDER_EXPIRY_SECONDS : ORDER_EXPIRY_SECONDS;
}

/** The second from which an unpaid order counts as canceled. */
export function orderExpiresAt(order: { type: OrderType; createdAtSec: number }): number {
  return order.createdAtSec + orderExpirySeconds(order.type);
}

/** Takes a stored or a shown state (a shown one is never unpaid unless the stored one is). */
export function isUnpaidOrderState(state: OrderDisplayState): boolean {
  return (UNPAID_ORDER_STATES as readonly OrderDisplayState[]).includes(state);
}

/**
 * A physical order's shipment (docs/product/buying.md#shipments): made `preparing` when the order is paid,
 * `shipped` with a tracking number, then `delivered`; `canceled` when the buyer cancels before it ships.
 */
export const SHIPMENT_STATES = ['preparing', 'shipped', 'delivered', 'canceled'] as const;
export type ShipmentState = (typeof SHIPMENT_STATES)[number];

/** The one step staff may move a shipment from each state; a canceled or delivered shipment moves no more. */
export const SHIPMENT_NEXT: Readonly<Record<ShipmentState, ShipmentState | null>> = { preparing: 'shipped', shipped: 'delivered', delivered: null, canceled: null };

/**
 * What the buyer is shown an order as: its state, and for a paid physical order how far the goods have got —
 * `paid` while it is being prepared, `shipped` on its way, `completed` only once delivered.
 */
export const ORDER_DISPLAY_STATES = ['in_checkout', 'pending', 'paid', 'shipped', 'canceled', 'completed'] as const;
export type OrderDisplayState = (typeof ORDER_DISPLAY_STATES)[number];

export function displayOrderState(
  order: { type: OrderType; state: OrderState; createdAtSec: number },
  nowSec: number,
  shipment: ShipmentState | null = null,
): OrderDisplayState {
  if (isUnpaidOrderState(order.state) && nowSec >= orderExpiresAt(order)) return 'canceled';
  if (order.state === 'completed' && shipment === 'preparing') return 'paid';
  if (order.state === 'completed' && shipment === 'shipped') return 'shipped';
  return order.state;
}

/**
 * Whether the buyer may still cancel a paid order (docs/product/buying.md#cancel-physical): only a physical one whose
 * goods have not left — its shipment still `preparing`. Keys are delivered on payment, so a paid key order never can.
 */
export function buyerMayCancelPaidOrder(order: { state: OrderState }, shipment: ShipmentState | null): boolean {
  return order.state === 'completed' && shipment === 'preparing';
}
