import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { API, type Order } from '@lantern/contract';
import { api } from './api';
import { queryKeys } from './query-keys';
import { orderPaymentsQuery } from '../features/orders/api/payments';

/** GET /api/me/orders/{id}: one of my orders on this site, with `display_state` after the expiry rule. */
export const orderQuery = (id: number | string) =>
  queryOptions({
    queryKey: queryKeys.orders.detail(id),
    queryFn: () => api.get<Order>(API.myOrder(id)),
    retry: false,
  });

/**
 * Asks the server for an order again: when its payment window closed on this clock (the server cancels it
 * and frees its coupon), or when a payment attempt ended or was refused (`withPayments`: the methods and
 * their availability may have changed too).
 */
export function useRefreshOrder() {
  const client = useQueryClient();
  return useCallback(
    (id: number | string, { withPayments = false }: { withPayments?: boolean } = {}) => {
      void client.invalidateQueries({ queryKey: orderQuery(id).queryKey });
      if (withPayments) void client.invalidateQueries({ queryKey: orderPaymentsQuery(id).queryKey });
    },
    [client],
  );
}
