import { useQueryClient } from '@tanstack/react-query';
import { PAYMENT_API, type PayQueryResponse } from '@lantern/contract';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../lib/api';
import { askOnce, pollPaymentStatus, type PayPollState } from '../payPoll';
import { afterPaymentCompleted } from './paymentSettled';

/** PATCH /api/orders/{id}/pay_query: where a payment stands (complete, pending, failed, canceled, refunded). */
export const queryPayment = (id: number, paymentId?: number) =>
  api.patch<PayQueryResponse>(PAYMENT_API.payQuery(id), paymentId ? { payment_id: paymentId } : {});

/**
 * Where a payment stands after the gateway sent the buyer back: one pay_query at a time with growing delays
 * (payPoll.ts) until it settles; null until the first answer. A new `round` ("check again") starts over.
 * Nothing is kept once the page leaves.
 */
export function usePaymentStatus(orderId: number, paymentId: number, round: number): PayPollState | null {
  const [state, setState] = useState<{ key: string; poll: PayPollState } | null>(null);
  const key = `${orderId}:${paymentId}:${round}`;
  useEffect(() => {
    const poll = pollPaymentStatus({
      ask: () => askOnce(`${orderId}:${paymentId}`, () => queryPayment(orderId, paymentId)),
      onUpdate: (next) => setState({ key, poll: next }),
    });
    return () => poll.stop();
  }, [orderId, paymentId, key]);
  return state?.key === key ? state.poll : null;
}

/** What to do once pay_query says the payment completed: refresh the account it changed. */
export function usePaymentCompleted() {
  const client = useQueryClient();
  return useCallback(() => afterPaymentCompleted(client), [client]);
}
