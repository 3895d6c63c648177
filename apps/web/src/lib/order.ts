import { queryOptions } from '@tanstack/react-query';
import { API, type Order } from '@lantern/contract';
import { api } from './api';
import { queryKeys } from './query-keys';

/**
 * GET /api/me/orders/{id}: one of my orders on this site, with `display_state` after the expiry rule. Read by
 * the checkout (features/orders) and by the user centre's order page, so it lives here.
 */
export const orderQuery = (id: number | string) =>
  queryOptions({
    queryKey: queryKeys.orders.detail(id),
    queryFn: () => api.get<Order>(API.myOrder(id)),
    retry: false,
  });
