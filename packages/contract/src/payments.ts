import { z } from 'zod';
import { currency, timestamp } from './common.ts';
import { orderState } from './orders.ts';
import { paymentMethod } from './payment-summary.ts';

export * from './payment-summary.ts';

/**
 * Payments (docs/product/buying.md#payment). Money is integer minor units of the order's currency;
 * a points payment counts points (currency POINTS).
 */

export { PAYMENT_API } from './paths/payments.ts';

/** Where the buyer pays from (`payment_from`). */
export const paymentFrom = z.enum(['web', 'pc', 'mobile']);

/**
 * Why a method cannot pay this order: `wallet_frozen`, `insufficient_balance` (wallet); `points_unsupported`
 * (a SKU cannot be bought with points), `insufficient_points`; `cash_unsupported` (a SKU is points-only);
 * `completed`, `canceled`, `expired` (the order itself can no longer be paid); `method_unavailable` (no payment
 * provider takes this method on this site now).
 */
export const paymentUnavailableReason = z.enum([
  'wallet_frozen', 'insufficient_balance', 'points_unsupported', 'insufficient_points', 'cash_unsupported', 'completed', 'canceled', 'expired',
  'method_unavailable',
]);

export const paymentOption = z.object({
  method: paymentMethod,
  available: z.boolean(),
  reason: paymentUnavailableReason.nullable(),
  /** wallet: the balance in minor units of the order's currency. */
  balance: z.number().int().optional(),
  /** points: what the order costs in points (null when it cannot be paid with points) and the account's score. */
  points_amount: z.number().int().nullable().optional(),
  score: z.number().int().optional(),
});
export type PaymentOption = z.infer<typeof paymentOption>;

/** GET /api/orders/{id}/payments: the methods of the order's site, in display order. */
export const orderPaymentsResponse = z.object({
  order_id: z.number().int(),
  state: orderState,
  total_amount: z.number().int(),
  currency,
  version: z.number().int(),
  expires_at_timestamp: timestamp,
  payment_methods: z.array(paymentOption),
});
export type OrderPaymentsResponse = z.infer<typeof orderPaymentsResponse>;

/**
 * PATCH /api/orders/{id}/pay (docs/product/buying.md#pay). Also accepted wrapped as `{ "payment": { ... } }`.
 * `version` is the order's version as the buyer saw it (409 `version: stale` when it moved).
 */
export const payRequest = z.object({
  payment_method: paymentMethod,
  payment_from: paymentFrom.default('web'),
  version: z.number().int().min(0).max(2_147_483_647),
});
export type PayRequest = z.input<typeof payRequest>;
/** The wrapped form the server validates (the bare fields are wrapped before validation). */
export const payRequestBody = z.object({ payment: payRequest });

/** A gateway method: the web's /blank page submits `data` to `url` with `method` (a signed redirect). */
export const payRedirectResponse = z.object({
  payment_id: z.number().int(),
  url: z.string(),
  method: z.enum(['POST', 'GET']),
  data: z.record(z.string(), z.string()),
});

/** Wallet and points pay at once: the order is complete when this answers. */
export const payCompleteResponse = z.object({
  payment_id: z.number().int(),
  status: z.literal('complete'),
  order_id: z.number().int(),
});

export const payResponse = z.union([payRedirectResponse, payCompleteResponse]);
export type PayResponse = z.infer<typeof payResponse>;

/** PATCH /api/orders/{id}/pay_query: optionally about one attempt (the return url carries its id). */
export const payQueryRequest = z.object({
  payment_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

/**
 * complete → the web goes to /orders/{id}/complete; pending → poll again; failed / canceled → offer to pay
 * again; refunded → the money arrived too late (or twice) and goes back.
 */
export const payQueryStatus = z.enum(['complete', 'pending', 'failed', 'canceled', 'refunded']);
export const payQueryResponse = z.object({
  status: payQueryStatus,
  order_id: z.number().int(),
  payment_id: z.number().int().nullable(),
});
export type PayQueryResponse = z.infer<typeof payQueryResponse>;
