import { API, type CreateOrderRequest, type Order } from '@lantern/contract';
import { api } from '../../../lib/api';

/** POST /api/orders: a cart or one-click order. Problems come back together as 422 (docs/product/buying.md#order-generation). */
export const createOrder = (order: CreateOrderRequest['order']) => api.post<Order>(API.orders, { order });
