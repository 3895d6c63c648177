import type { Order } from '@lantern/contract';
import { buyerMayCancelPaidOrder, displayOrderState, isUnpaidOrderState, orderExpiresAt, type OrderDisplayState } from '@lantern/domain';

/**
 * How an order is shown at a moment (docs/product/buying.md#order-display): the domain's display rule applied on the client's clock too,
 * so an unpaid order turns "canceled" the second its window closes (10 minutes for a flash sale, 30 for the
 * rest) without waiting for a refetch; the countdown runs to that second.
 */
export interface OrderView {
  state: OrderDisplayState;
  /** Waiting for payment and still inside its window. */
  payable: boolean;
  /** Seconds (epoch) when the window closes. */
  deadline: number;
  secondsLeft: number;
  /** Canceled because the window passed (whether or not the server has swept it yet). */
  expired: boolean;
  /** A paid physical order whose goods have not shipped: the buyer may still cancel it, and is paid back. */
  refundable: boolean;
}

export function orderView(order: Pick<Order, 'type' | 'state' | 'display_state' | 'created_at_timestamp' | 'cancel_reason' | 'shipment'>, nowSec: number): OrderView {
  const facts = { type: order.type, state: order.state, createdAtSec: order.created_at_timestamp };
  const shipment = order.shipment?.state ?? null;
  const local = displayOrderState(facts, nowSec, shipment);
  // The server's view wins when it is further along (it may have canceled or completed the order).
  const state: OrderDisplayState = order.display_state !== order.state ? order.display_state : local;
  const deadline = orderExpiresAt(facts);
  const payable = isUnpaidOrderState(state);
  const expired = order.cancel_reason === 'expired' || (isUnpaidOrderState(order.state) && state === 'canceled');
  const refundable = buyerMayCancelPaidOrder(order, shipment);
  return { state, payable, deadline, secondsLeft: payable ? Math.max(0, deadline - nowSec) : 0, expired, refundable };
}

/** i18n key of an order's shown state: expired orders read as canceled, with why. */
export function orderStateKey(order: Pick<Order, 'cancel_reason'>, view: OrderView): string {
  if (view.state === 'canceled') {
    if (view.expired) return 'orders.state_expired';
    if (order.cancel_reason === 'deleted') return 'orders.state_deleted';
    if (order.cancel_reason === 'refunded') return 'orders.state_refunded';
    return 'orders.state_canceled';
  }
  return `orders.state_${view.state}`;
}

/**
 * Which end an order offers (deleting an order sets its state to canceled, docs/product/buying.md#order-delete): an unpaid order can be
 * canceled or deleted; a canceled one (expired too) only deleted, which takes it off the list; a paid physical
 * order not yet shipped only canceled, with a refund (docs/product/buying.md#cancel-physical); a completed or already
 * deleted one neither.
 */
export function orderEnds(order: Pick<Order, 'cancel_reason'>, view: OrderView): { cancel: boolean; delete: boolean } {
  if (view.payable) return { cancel: true, delete: true };
  if (view.refundable) return { cancel: true, delete: false };
  return { cancel: false, delete: view.state === 'canceled' && order.cancel_reason !== 'deleted' };
}
