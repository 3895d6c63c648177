import { PAYMENT_API, type PayQueryResponse } from '@lantern/contract';
import { api } from '../../../lib/api';

/** PATCH /api/orders/{id}/pay_query: where a payment stands (complete, pending, failed, canceled, refunded). */
export const queryPayment = (id: number, paymentId?: number) =>
  api.patch<PayQueryResponse>(PAYMENT_API.payQuery(id), paymentId ? { payment_id: paymentId } : {});
