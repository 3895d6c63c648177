import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { PAYMENT_API, type PayQueryResponse } from '@lantern/contract';
import { useCallback } from 'react';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { afterPaymentCompleted } from './paymentSettled';

/** PATCH /api/orders/{id}/pay_query: where a payment stands (complete, pending, failed, canceled, refunded). */
export const queryPayment = (id: number, paymentId?: number) =>
  api.patch<PayQueryResponse>(PAYMENT_API.payQuery(id), paymentId ? { payment_id: paymentId } : {});

/**
 * One round of asking where a payment stands after the gateway sent the buyer back (a new `round` starts
 * over). Nothing is kept once the page leaves; `onAsk` is told of every call, for counting tries.
 */
export const paymentStatusQuery = (orderId: number, paymentId: number, round: number, onAsk: () => void) =>
  queryOptions({
    queryKey: queryKeys.orders.paymentStatus(orderId, paymentId, round),
    queryFn: () => {
      onAsk();
      return queryPayment(orderId, paymentId);
    },
    retry: false,
    gcTime: 0,
  });

/** What to do once pay_query says the payment completed: refresh the account it changed. */
export function usePaymentCompleted() {
  const client = useQueryClient();
  return useCallback(() => afterPaymentCompleted(client), [client]);
}
