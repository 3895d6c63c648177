import type { QueryClient } from '@tanstack/react-query';
import { invalidateCart } from '../../../lib/cart';
import { queryKeys } from '../../../lib/query-keys';

/**
 * An order was canceled or deleted: the order lists and details change, an unpaid order's coupon comes
 * back (my coupons, the cart's coupon list), and the user centre's counts and latest orders move.
 */
export function afterOrderEnded(client: QueryClient) {
  void client.invalidateQueries({ queryKey: queryKeys.orders.all });
  void client.invalidateQueries({ queryKey: queryKeys.userCenter.all });
  void client.invalidateQueries({ queryKey: queryKeys.coupons.all });
  void invalidateCart(client);
}

/** A refused cancel or delete usually means the order moved on (paid, expired): show it as it is now. */
export const afterOrderEndRefused = (client: QueryClient) => void client.invalidateQueries({ queryKey: queryKeys.orders.all });
