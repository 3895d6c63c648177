import { queryOptions } from '@tanstack/react-query';
import { API } from '@lantern/contract';
import type { z } from 'zod';
import type { cartCouponsResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type CartCouponsResponse = z.infer<typeof cartCouponsResponse>;
export type CartCoupon = CartCouponsResponse['account_coupons'][number];

/** GET /api/cart/coupons: my usable coupons measured against the cart, with the server's automatic pick. */
export const cartCouponsQuery = queryOptions({
  queryKey: queryKeys.cart.coupons,
  queryFn: () => api.get<CartCouponsResponse>(API.cartCoupons),
});
