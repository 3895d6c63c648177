import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { API, type AccountCoupon } from '@lantern/contract';
import type { z } from 'zod';
import type { accountCouponsResponse, claimableCouponsResponse } from '@lantern/contract';
import { api } from '../../../lib/api';

export type AccountCouponsResponse = z.infer<typeof accountCouponsResponse>;
export type ClaimableCouponsResponse = z.infer<typeof claimableCouponsResponse>;
export type CouponStateFilter = 'available' | 'used' | 'expired';
export const COUPONS_PER = 10;

export const couponsKey = ['me', 'coupons'] as const;

/** GET /api/me/account_coupons (q[state_eq]): the coupons I hold, newest first (docs/product/buying.md#coupon-ordering). */
export const myCouponsQuery = (page: number, state: CouponStateFilter) =>
  queryOptions({
    queryKey: [...couponsKey, 'mine', state, page] as const,
    queryFn: () => api.get<AccountCouponsResponse>(API.myAccountCoupons, { query: { page, per: COUPONS_PER, q: { state_eq: state } } }),
    placeholderData: keepPreviousData,
  });

/** GET /api/account_coupons: the site's coupons anyone may claim now, newest first, `received` when mine. */
export const claimableCouponsQuery = (page: number) =>
  queryOptions({
    queryKey: [...couponsKey, 'claimable', page] as const,
    queryFn: () => api.get<ClaimableCouponsResponse>(API.accountCoupons, { query: { page, per: COUPONS_PER } }),
    placeholderData: keepPreviousData,
  });

export interface ClaimInput {
  code?: string;
  captcha_id?: string;
  captcha?: string;
}

/** PATCH /api/account_coupons/{couponId}: claim one (a code coupon with its code, and a captcha when asked). */
export const claimCoupon = (couponId: number, input: ClaimInput = {}) =>
  api.patch<AccountCoupon>(API.accountCoupon(couponId), Object.keys(input).length > 0 ? { account_coupon: input } : {});

/**
 * POST /api/account_coupons: claim the coupon a code names (code coupons are not listed, so the code is all
 * the buyer has). Every code claim takes a solved captcha.
 */
export const claimCouponByCode = (input: Required<Pick<ClaimInput, 'code'>> & ClaimInput) =>
  api.post<AccountCoupon>(API.accountCoupons, { account_coupon: input });
