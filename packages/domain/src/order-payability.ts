import { UNPAID_ORDER_STATES, type OrderState } from './order-display.ts';

/** Why an order cannot take money now: it is paid already, was canceled, or its payment window has passed. */
export type UnpayableReason = 'completed' | 'canceled' | 'expired';

export interface PayabilityFacts {
  state: OrderState;
  /** Why a canceled order was canceled: `expired` when its window passed. */
  cancelReason: 'expired' | 'canceled' | 'deleted' | 'refunded' | null;
  expiresAtMs: number;
}

/**
 * The one rule of a payable order: unpaid (in checkout or pending) and still inside its window, which
 * ends at `expiresAtMs` exactly. The method listing, the pay call and the completion a payment runs all
 * ask this, so they never disagree. Answers why not, or null when the order may be paid.
 */
export function unpayableReason(order: PayabilityFacts, nowMs: number): UnpayableReason | null {
  if (order.state === 'completed') return 'completed';
  if (!(UNPAID_ORDER_STATES as readonly OrderState[]).includes(order.state)) return order.cancelReason === 'expired' ? 'expired' : 'canceled';
  if (order.expiresAtMs <= nowMs) return 'expired';
  return null;
}

/**
 * Free is free (docs/product/buying.md#free-orders): an order with nothing to pay — a free game, or a coupon
 * that covers the whole total — completes the moment it is placed, never through a payment page. A line sold
 * for points only still needs its points, so such an order waits for them as any other.
 */
export function completesWhenPlaced(order: { totalAmount: number; lines: readonly { cashPayable: boolean }[] }): boolean {
  return order.totalAmount === 0 && order.lines.length > 0 && order.lines.every((line) => line.cashPayable);
}
