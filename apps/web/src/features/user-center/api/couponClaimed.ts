import type { QueryClient } from '@tanstack/react-query';
import { invalidateCart } from '../../../lib/cart';
import { queryKeys } from '../../../lib/query-keys';

/** A claimed coupon is in my list now, and the cart's coupon list may offer it. */
export function afterCouponClaimed(client: QueryClient) {
  void client.invalidateQueries({ queryKey: queryKeys.coupons.all });
  void invalidateCart(client);
}
