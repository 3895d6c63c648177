import { useMutation, useQueryClient } from '@tanstack/react-query';
import { POINTS_SHOP_API, type pointRedeemOrderResponse, type pointRedeemResult } from '@lantern/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import type { MutationCallbacks } from '../../../lib/mutationCallbacks';
import { queryKeys } from '../../../lib/query-keys';

export type PointRedeemResult = z.infer<typeof pointRedeemResult>;

/** POST /api/point_redeems/{id}/redeem: spends points for the item at once (a coupon, or a key through a zero-price order). */
export const redeemPoints = (id: number) => api.post<PointRedeemResult>(POINTS_SHOP_API.redeem(id));

/**
 * A redemption touches the points, the shop's counts, and the coupons, orders, keys and library: all of the
 * account's state is refreshed. A refusal refreshes the shop (it was out of date: sold out, ended).
 */
export function useRedeemPoints(callbacks: MutationCallbacks<PointRedeemResult, number> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => redeemPoints(id),
    onSuccess: (result, id) => {
      callbacks.onSuccess?.(result, id);
      void client.invalidateQueries({ queryKey: queryKeys.me.all });
    },
    onError: (e, id) => {
      callbacks.onError?.(e, id);
      void client.invalidateQueries({ queryKey: queryKeys.pointRedeems });
    },
    onSettled: callbacks.onSettled,
  });
}

/** POST /api/point_redeems/{id}/orders: an order of the item's game, paid with points at checkout. */
export function usePointsOrder(callbacks: MutationCallbacks<z.infer<typeof pointRedeemOrderResponse>, number> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<z.infer<typeof pointRedeemOrderResponse>>(POINTS_SHOP_API.orders(id), {}),
    onSuccess: (order, id) => {
      callbacks.onSuccess?.(order, id);
      void client.invalidateQueries({ queryKey: queryKeys.pointRedeems });
      void client.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
    onError: callbacks.onError,
    onSettled: callbacks.onSettled,
  });
}
