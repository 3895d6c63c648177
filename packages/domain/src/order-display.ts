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

export function isUnpaidOrderState(state: OrderState): boolean {
  return (UNPAID_ORDER_STATES as readonly OrderState[]).includes(state);
}

export function displayOrderState(
  order: { type: OrderType; state: OrderState; createdAtSec: number },
  nowSec: number,
): OrderState {
  if (isUnpaidOrderState(order.state) && nowSec >= orderExpiresAt(order)) return 'canceled';
  return order.state;
}
