import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYMENT_API, type PayRequest, type PayResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import type { MutationCallbacks } from '../../../lib/mutationCallbacks';
import { outcomeOfError } from '../payOutcome';
import { useRefreshOrder } from './refreshOrder';
import { afterPaymentCompleted } from './paymentSettled';

/**
 * PATCH /api/orders/{id}/pay: a gateway method answers a signed redirect (url, method, data) for /blank;
 * wallet and points answer `status: complete` at once. 409 `order: busy` while another pay call runs,
 * 409 `version: stale` when the order changed since it was shown, 404 `unusual`.
 */
export const payOrder = (id: number, body: PayRequest) => api.patch<PayResponse>(PAYMENT_API.pay(id), body);

export const isRedirect = (r: PayResponse): r is Extract<PayResponse, { url: string }> => 'url' in r;

/** Refusals after which the order as shown is out of date: changed, no longer payable, or the method's state. */
const SHOWS_STALE_ORDER = new Set(['stale', 'unpayable', 'method']);

/**
 * Pays an order. Paid at once (wallet, points) refreshes the account; a redirect leaves the cache alone (the
 * gateway's return is followed by pay_query). A refusal that means the order changed reloads it and its
 * methods.
 */
export function usePayOrder(orderId: number, callbacks: MutationCallbacks<PayResponse, PayRequest> = {}) {
  const client = useQueryClient();
  const refreshOrder = useRefreshOrder();
  return useMutation({
    mutationFn: (body: PayRequest) => payOrder(orderId, body),
    onSuccess: (answer, body) => {
      if (!isRedirect(answer)) afterPaymentCompleted(client);
      callbacks.onSuccess?.(answer, body);
    },
    onError: (e, body) => {
      callbacks.onError?.(e, body);
      if (SHOWS_STALE_ORDER.has(outcomeOfError(e).kind)) refreshOrder(orderId, { withPayments: true });
    },
  });
}
