import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { API } from '@lantern/contract';
import type { z } from 'zod';
import type { accountCouponsResponse, claimableCouponsResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type AccountCouponsResponse = z.infer<typeof accountCouponsResponse>;
export type ClaimableCouponsResponse = z.infer<typeof claimableCouponsResponse>;
export type CouponStateFilter = 'available' | 'used' | 'expired';
export const COUPONS_PER = 10;

/** GET /api/me/account_coupons (q[state_eq]): the coupons I hold, newest first (docs/product/buying.md#coupons). */
export const myCouponsQuery = (page: number, state: CouponStateFilter) =>
  queryOptions({
    queryKey: queryKeys.coupons.mine(state, page),
    queryFn: () => api.get<AccountCouponsResponse>(API.myAccountCoupons, { query: { page, per: COUPONS_PER, q: { state_eq: state } } }),
    placeholderData: keepPreviousData,
  });

/** GET /api/account_coupons: the site's coupons anyone may claim now, newest first, `received` when mine. */
export const claimableCouponsQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.coupons.claimable(page),
    queryFn: () => api.get<ClaimableCouponsResponse>(API.accountCoupons, { query: { page, per: COUPONS_PER } }),
    placeholderData: keepPreviousData,
  });
