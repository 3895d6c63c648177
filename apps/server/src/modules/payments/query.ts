import { and, desc, eq } from 'drizzle-orm';
import type { OrderPaymentsResponse, PayQueryResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { expireOrders } from '../orders/index.ts';
import { loadPaymentFacts, paymentOptions } from './methods.ts';
import { payerOrder, unusual, type Payer } from './order-access.ts';
import { payments } from './tables.ts';

/** GET /api/orders/{id}/payments: the order's money facts and each method of its site, available or why not. */
export async function orderPaymentMethods(deps: Deps, payer: Payer, orderId: number): Promise<OrderPaymentsResponse> {
  const now = deps.clock.now();
  await expireOrders(deps, now, { accountId: payer.accountId });
  const order = await payerOrder(deps.db, payer, orderId);
  const facts = await loadPaymentFacts(deps.db, order, now);
  return {
    order_id: order.id,
    state: order.state,
    total_amount: order.totalAmount,
    currency: order.currency,
    version: order.version,
    expires_at_timestamp: toTimestamp(order.expiresAt),
    payment_methods: paymentOptions(facts),
  };
}

/**
 * PATCH /api/orders/{id}/pay_query: where the buyer's payment stands, for the checkout page to poll after the
 * gateway sent the browser back. About the attempt named (`payment_id`, from the return url) or else the
 * latest; a completed order is `complete` whichever attempt paid it. An order or attempt that is not the
 * buyer's is the 404 `unusual` of spec §4.
 */
export async function payQuery(deps: Deps, payer: Payer, orderId: number, paymentId?: number): Promise<PayQueryResponse> {
  const now = deps.clock.now();
  await expireOrders(deps, now, { accountId: payer.accountId });
  const order = await payerOrder(deps.db, payer, orderId);
  const ofOrder = eq(payments.orderId, order.id);
  const [payment] = await deps.db.select().from(payments)
    .where(paymentId === undefined ? ofOrder : and(ofOrder, eq(payments.id, paymentId)))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  if (paymentId !== undefined && !payment) throw unusual();

  if (order.state === 'completed') {
    const [winner] = await deps.db.select({ id: payments.id }).from(payments).where(and(ofOrder, eq(payments.state, 'succeeded'))).limit(1);
    return { status: 'complete', order_id: order.id, payment_id: winner?.id ?? payment?.id ?? null };
  }
  const answer = (status: PayQueryResponse['status']) => ({ status, order_id: order.id, payment_id: payment?.id ?? null });
  if (payment?.state === 'refunded') return answer('refunded');
  if (order.state === 'canceled') return answer('canceled');
  if (payment?.state === 'failed') return answer('failed');
  if (payment?.state === 'canceled') return answer('canceled');
  return answer('pending');
}
