import { API, type CreateOrderRequest, type Order } from '@lantern/contract';
import { api } from '../../../lib/api';

/** POST /api/orders: a cart or one-click order (spec §7.3). Problems come back together as 422 (spec §5). */
export const createOrder = (order: CreateOrderRequest['order']) => api.post<Order>(API.orders, { order });
