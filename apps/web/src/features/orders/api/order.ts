import { queryOptions } from '@tanstack/react-query';
import { API, type Order } from '@lantern/contract';
import { api } from '../../../lib/api';

export const ordersKey = ['me', 'orders'] as const;
export const orderKey = (id: number | string) => [...ordersKey, 'detail', String(id)] as const;

/** GET /api/me/orders/{id}: one of my orders on this site, with `display_state` after the expiry rule. */
export const orderQuery = (id: number | string) =>
  queryOptions({
    queryKey: orderKey(id),
    queryFn: () => api.get<Order>(API.myOrder(id)),
    retry: false,
  });
