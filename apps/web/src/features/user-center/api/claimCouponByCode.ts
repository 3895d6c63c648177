import { API, type AccountCoupon } from '@lantern/contract';
import { api } from '../../../lib/api';
import { useWrite, type MutationCallbacks } from '../../../lib/mutationCallbacks';
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
  return useWrite(claimCouponByCode, callbacks, { succeeded: afterCouponClaimed });
}
