import { z } from 'zod';
import { timestamp } from './common.ts';

/**
 * The payment vocabulary orders and payments share, in a file of its own so that `orders.ts` and
 * `payments.ts` need not import each other.
 */

/** Mainland (native) takes alipay and wechat, international (abroad) paypal and card; both take wallet and points. */
export const paymentMethod = z.enum(['alipay', 'wechat', 'paypal', 'card', 'wallet', 'points']);
export type PaymentMethod = z.infer<typeof paymentMethod>;

export const paymentState = z.enum(['created', 'succeeded', 'refunded', 'failed', 'canceled']);
/** A points payment counts points, not money. */
export const paymentCurrency = z.enum(['CNY', 'USD', 'POINTS']);

/** One payment attempt as an order shows it (GET /api/me/orders/{id} `payments`), oldest first. */
export const paymentSummary = z.object({
  id: z.number().int(),
  method: paymentMethod,
  state: paymentState,
  amount: z.number().int(),
  currency: paymentCurrency,
  created_at_timestamp: timestamp,
  paid_at_timestamp: timestamp.nullable(),
});
export type PaymentSummary = z.infer<typeof paymentSummary>;
