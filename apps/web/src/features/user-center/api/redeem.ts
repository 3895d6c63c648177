import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { REDEEM_API, type Redemption } from '@lantern/contract';
import type { z } from 'zod';
import type { issuedCodesResponse, redeemPageState, redemptionsResponse } from '@lantern/contract';
import { api } from '../../../lib/api';

export type RedeemPageState = z.infer<typeof redeemPageState>;
export type RedemptionsResponse = z.infer<typeof redemptionsResponse>;

export const redeemKey = ['me', 'redeem'] as const;

/** GET /api/redeem: whether the next try needs a captcha. */
export const redeemStateQuery = queryOptions({
  queryKey: [...redeemKey, 'state'] as const,
  queryFn: () => api.get<RedeemPageState>(REDEEM_API.redeem),
  staleTime: 0,
});

/** GET /api/redeems: what my codes gave, newest first. */
export const redemptionsQuery = (page: number) =>
  queryOptions({
    queryKey: [...redeemKey, 'history', page] as const,
    queryFn: () => api.get<RedemptionsResponse>(REDEEM_API.redeems, { query: { page, per: 10 } }),
    placeholderData: keepPreviousData,
  });

/** POST /api/redeem: exchange a code (docs/product/buying.md#redeem-codes: 404 not found, used, invalid, bind failed, captcha invalid). */
export const redeemCode = (code: string, captcha?: { captcha_id: string; captcha: string }) =>
  api.post<Redemption>(REDEEM_API.redeem, { redeem: { code, ...(captcha ?? {}) } });

export type IssuedCodesResponse = z.infer<typeof issuedCodesResponse>;

/** GET /api/me/code: codes issued to me (rewards, gifts), with the code itself; an active one past its date reads expired. */
export const myCodesQuery = queryOptions({
  queryKey: [...redeemKey, 'mine'] as const,
  queryFn: () => api.get<IssuedCodesResponse>(REDEEM_API.myCodes, { query: { page: 1, per: 10 } }),
});
