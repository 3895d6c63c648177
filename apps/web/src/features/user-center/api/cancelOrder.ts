import { API, type Order } from '@lantern/contract';
import { api } from '../../../lib/api';
import { useWrite, type MutationCallbacks } from '../../../lib/mutationCallbacks';
import { afterOrderEnded, afterOrderEndRefused } from './orderEnded';

/** POST /api/orders/{id}/cancel: an unpaid order becomes canceled and its coupon comes back. */
export const cancelOrder = (id: number) => api.post<Order>(API.orderCancel(id));

/** Cancels an unpaid order. A 401 has opened the sign-in popup already and is not passed on. */
export function useCancelOrder(callbacks: MutationCallbacks<Order, number> = {}) {
  return useWrite(cancelOrder, callbacks, { succeeded: afterOrderEnded, refused: afterOrderEndRefused, quietUnauthorized: true });
}
