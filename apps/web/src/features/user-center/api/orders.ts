import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { API, type Order } from '@lantern/contract';
import type { z } from 'zod';
import type { ordersResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type OrdersResponse = z.infer<typeof ordersResponse>;
export type OrderStateFilter = Order['state'] | 'all';

/** 10 orders a page, like the user centre's other lists (our size: docs/product/limits.md#page-sizes). */
export const ORDERS_PER = 10;

/** GET /api/me/orders (q[state_eq]): newest first, paged. */
export const ordersQuery = (page: number, state: OrderStateFilter) =>
  queryOptions({
    queryKey: queryKeys.orders.list(state, page),
    queryFn: () => api.get<OrdersResponse>(API.myOrders, { query: { page, per: ORDERS_PER, ...(state === 'all' ? {} : { q: { state_eq: state } }) } }),
    placeholderData: keepPreviousData,
  });
