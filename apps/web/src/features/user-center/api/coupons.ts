import { API } from '@lantern/contract';
import type { z } from 'zod';
import type { accountCouponsResponse, claimableCouponsResponse } from '@lantern/contract';
import { queryKeys } from '../../../lib/query-keys';
import { pageQuery } from '../../../lib/listQueries';

export type AccountCouponsResponse = z.infer<typeof accountCouponsResponse>;
export type ClaimableCouponsResponse = z.infer<typeof claimableCouponsResponse>;
export type CouponStateFilter = 'available' | 'used' | 'expired';
export const COUPONS_PER = 10;

/** GET /api/me/account_coupons (q[state_eq]): the coupons I hold, newest first (docs/product/buying.md#coupons). */
export const myCouponsQuery = (page: number, state: CouponStateFilter) =>
  pageQuery<AccountCouponsResponse>(queryKeys.coupons.mine(state, page), API.myAccountCoupons, { page, per: COUPONS_PER, q: { state_eq: state } });

/** GET /api/account_coupons: the site's coupons anyone may claim now, newest first, `received` when mine. */
export const claimableCouponsQuery = (page: number) =>
  pageQuery<ClaimableCouponsResponse>(queryKeys.coupons.claimable(page), API.accountCoupons, { page, per: COUPONS_PER });
