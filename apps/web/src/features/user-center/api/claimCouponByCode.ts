import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type AccountCoupon } from '@lantern/contract';
import { api } from '../../../lib/api';
import type { MutationCallbacks } from '../../../lib/mutationCallbacks';
import type { ClaimInput } from './claimCoupon';
import { afterCouponClaimed } from './couponClaimed';

export type CodeClaim = Required<Pick<ClaimInput, 'code'>> & ClaimInput;

/**
 * POST /api/account_coupons: claim the coupon a code names (code coupons are not listed, so the code is all
 * the buyer has). Every code claim takes a solved captcha.
 */
export const claimCouponByCode = (input: CodeClaim) => api.post<AccountCoupon>(API.accountCoupons, { account_coupon: input });

/** Claims a coupon by its code; success refreshes my coupons and the cart's. */
export function useClaimCouponByCode(callbacks: MutationCallbacks<AccountCoupon, CodeClaim> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: claimCouponByCode,
    onSuccess: (coupon, input) => {
      callbacks.onSuccess?.(coupon, input);
      afterCouponClaimed(client);
    },
    onError: callbacks.onError,
  });
}
