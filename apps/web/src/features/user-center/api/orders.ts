import { API, type Order } from '@lantern/contract';
import type { z } from 'zod';
import type { ordersResponse } from '@lantern/contract';
import { queryKeys } from '../../../lib/query-keys';
import { filterWhere, pageQuery } from '../../../lib/listQueries';

export type OrdersResponse = z.infer<typeof ordersResponse>;
export type OrderStateFilter = Order['state'] | 'all';

/** 10 orders a page, like the user centre's other lists (our size: docs/product/limits.md#page-sizes). */
export const ORDERS_PER = 10;

/** GET /api/me/orders (q[state_eq]): newest first, paged. */
export const ordersQuery = (page: number, state: OrderStateFilter) =>
  pageQuery<OrdersResponse>(queryKeys.orders.list(state, page), API.myOrders, { page, per: ORDERS_PER, ...filterWhere('state_eq', state) });
