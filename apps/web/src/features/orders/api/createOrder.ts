import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type CreateOrderRequest, type Order } from '@lantern/contract';
import { api } from '../../../lib/api';
import { invalidateCart } from '../../../lib/cart';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/orders: a cart or one-click order. Problems come back together as 422. */
export const createOrder = (order: CreateOrderRequest['order']) => api.post<Order>(API.orders, { order });

/** Makes an order: the ordered lines leave the cart (and its coupon list), and the order lists gain it. */
export function useCreateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => {
      void invalidateCart(client);
      void client.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}
