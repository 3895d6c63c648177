import { unpayableReason, type UnpayableReason } from '@lantern/domain';
import type { OrderRecord } from './own-order.ts';

/** Why this order cannot take money at `now`, or null: the domain's one rule, applied to a stored order. */
export function orderUnpayableReason(order: Pick<OrderRecord, 'state' | 'cancelReason' | 'expiresAt'>, now: Date): UnpayableReason | null {
  return unpayableReason({ state: order.state, cancelReason: order.cancelReason, expiresAtMs: order.expiresAt.getTime() }, now.getTime());
}
