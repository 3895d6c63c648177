import { randomBytes } from 'node:crypto';
import type { PaymentMethod } from '@lantern/contract';

/** What the buyer sends to pay an order (PATCH /api/orders/{id}/pay). */
export interface PayInput {
  payment_method: PaymentMethod;
  payment_from: string;
  version: number;
}

/** Our reference at the gateway: time-ordered for people reading logs, with 96 random bits so it cannot be guessed. */
export function newOutTradeNo(now: Date): string {
  return `LT${now.getTime().toString(36).toUpperCase()}${randomBytes(12).toString('hex').toUpperCase()}`;
}
