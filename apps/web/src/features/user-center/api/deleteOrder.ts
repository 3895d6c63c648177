import type { QueryClient } from '@tanstack/react-query';
import { API } from '@lantern/contract';
import { api } from '../../../lib/api';
import { useWrite, type MutationCallbacks } from '../../../lib/mutationCallbacks';
import { queryKeys } from '../../../lib/query-keys';
import type { OrdersResponse } from './orders';
import { afterOrderEnded, afterOrderEndRefused } from './orderEnded';

/** DELETE /api/orders/{id}: deleting an order sets its state to canceled (reason "deleted") and takes it off the list. */
export const deleteOrder = (id: number) => api.delete<unknown>(API.orderDelete(id));

/** Takes an order off every cached page of the list at once (the refetch that follows agrees). */
function dropFromLists(client: QueryClient, id: number) {
  client.setQueriesData<OrdersResponse>({ queryKey: queryKeys.orders.lists }, (old) => {
    if (!old || !old.orders.some((o) => o.id === id)) return old;
    return { ...old, orders: old.orders.filter((o) => o.id !== id), meta: { ...old.meta, total_count: Math.max(0, old.meta.total_count - 1) } };
  });
}

/** Deletes an unpaid or canceled order. A 401 has opened the sign-in popup already and is not passed on. */
export function useDeleteOrder(callbacks: MutationCallbacks<unknown, number> = {}) {
  return useWrite(deleteOrder, callbacks, {
    succeeded: (client, _res, id) => {
      dropFromLists(client, id);
      afterOrderEnded(client);
    },
    refused: afterOrderEndRefused,
    quietUnauthorized: true,
  });
}
