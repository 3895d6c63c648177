import { POINTS_SHOP_API, type pointRedeemOrderResponse, type pointRedeemResult } from '@lantern/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { useWrite, type MutationCallbacks } from '../../../lib/mutationCallbacks';
import { queryKeys } from '../../../lib/query-keys';

export type PointRedeemResult = z.infer<typeof pointRedeemResult>;

/** POST /api/point_redeems/{id}/redeem: spends points for the item at once (a coupon, or a key through a zero-price order). */
export const redeemPoints = (id: number) => api.post<PointRedeemResult>(POINTS_SHOP_API.redeem(id));

/**
 * A redemption touches the points, the shop's counts, and the coupons, orders, keys and library: all of the
 * account's state is refreshed. A refusal refreshes the shop (it was out of date: sold out, ended).
 */
export function useRedeemPoints(callbacks: MutationCallbacks<PointRedeemResult, number> = {}) {
  return useWrite((id: number) => redeemPoints(id), callbacks, {
    succeeded: (client) => client.invalidateQueries({ queryKey: queryKeys.me.all }),
    refused: (client) => client.invalidateQueries({ queryKey: queryKeys.pointRedeems }),
  });
}

/** POST /api/point_redeems/{id}/orders: an order of the item's game, paid with points at checkout. */
export function usePointsOrder(callbacks: MutationCallbacks<z.infer<typeof pointRedeemOrderResponse>, number> = {}) {
  return useWrite((id: number) => api.post<z.infer<typeof pointRedeemOrderResponse>>(POINTS_SHOP_API.orders(id), {}), callbacks, {
    succeeded: (client) => {
      void client.invalidateQueries({ queryKey: queryKeys.pointRedeems });
      void client.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}
