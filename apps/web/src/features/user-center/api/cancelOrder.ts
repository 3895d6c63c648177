import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type Order } from '@lantern/contract';
import { api, isApiError } from '../../../lib/api';
import type { MutationCallbacks } from '../../../lib/mutationCallbacks';
import { afterOrderEnded, afterOrderEndRefused } from './orderEnded';

/** POST /api/orders/{id}/cancel: an unpaid order becomes canceled and its coupon comes back. */
export const cancelOrder = (id: number) => api.post<Order>(API.orderCancel(id));

/** Cancels an unpaid order. A 401 has opened the sign-in popup already and is not passed on. */
export function useCancelOrder(callbacks: MutationCallbacks<Order, number> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order, id) => {
      callbacks.onSuccess?.(order, id);
      afterOrderEnded(client);
    },
    onError: (e, id) => {
      if (isApiError(e) && e.status === 401) return;
      callbacks.onError?.(e, id);
      afterOrderEndRefused(client);
    },
  });
}
