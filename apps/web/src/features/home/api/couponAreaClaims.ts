import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type AccountCoupon, type accountCouponsResponse } from '@lantern/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { invalidateCart } from '../../../lib/cart';
import type { MutationCallbacks } from '../../../lib/mutationCallbacks';
import { queryKeys } from '../../../lib/query-keys';

/** As many of the viewer's coupons as the list gives at once: enough to mark the home's few areas. */
const HELD_PER = 100;

/**
 * The coupons the viewer holds, by coupon id (GET /api/me/account_coupons, every state): the home is
 * shared by all viewers, so which of its coupons are claimed already is read here, per viewer.
 */
export function useHeldCouponIds(signedIn: boolean) {
  return useQuery({
    queryKey: queryKeys.heldCouponIds,
    queryFn: async () => {
      const res = await api.get<z.infer<typeof accountCouponsResponse>>(API.myAccountCoupons, { query: { page: 1, per: HELD_PER } });
      return new Set(res.account_coupons.map((c) => c.coupon_id));
    },
    enabled: signedIn,
  });
}

/** PATCH /api/account_coupons/{couponId}: claims a coupon of a coupon area, as the coupon page does. */
export function useClaimAreaCoupon(callbacks: MutationCallbacks<AccountCoupon, number> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (couponId: number) => api.patch<AccountCoupon>(API.accountCoupon(couponId), {}),
    onSuccess: (coupon, couponId) => {
      client.setQueryData<Set<number>>(queryKeys.heldCouponIds, (held) => new Set([...(held ?? []), couponId]));
      callbacks.onSuccess?.(coupon, couponId);
      void client.invalidateQueries({ queryKey: queryKeys.coupons.all });
      void invalidateCart(client);
    },
    onError: (e, couponId) => {
      callbacks.onError?.(e, couponId);
      void client.invalidateQueries({ queryKey: queryKeys.heldCouponIds });
    },
    onSettled: callbacks.onSettled,
  });
}
