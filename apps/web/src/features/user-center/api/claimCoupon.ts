import { API, type AccountCoupon } from '@lantern/contract';
import { api } from '../../../lib/api';
import { useWrite, type MutationCallbacks } from '../../../lib/mutationCallbacks';
import { queryKeys } from '../../../lib/query-keys';
import { afterCouponClaimed } from './couponClaimed';

export interface ClaimInput {
  code?: string;
  captcha_id?: string;
  captcha?: string;
}

/** PATCH /api/account_coupons/{couponId}: claim one (a code coupon with its code, and a captcha when asked). */
export const claimCoupon = (couponId: number, input: ClaimInput = {}) =>
  api.patch<AccountCoupon>(API.accountCoupon(couponId), Object.keys(input).length > 0 ? { account_coupon: input } : {});

export interface ListedClaim {
  couponId: number;
  input?: ClaimInput;
}

/**
 * Claims a coupon of the claimable list. Success refreshes my coupons and the cart's; a refusal refreshes
 * the coupon lists too, since it usually means the list was out of date (all taken, ended, already mine).
 */
export function useClaimCoupon(callbacks: MutationCallbacks<AccountCoupon, ListedClaim> = {}) {
  return useWrite(({ couponId, input }: ListedClaim) => claimCoupon(couponId, input), callbacks, {
    succeeded: afterCouponClaimed,
    refused: (client) => client.invalidateQueries({ queryKey: queryKeys.coupons.all }),
  });
}
