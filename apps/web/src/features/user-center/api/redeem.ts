import { queryOptions } from '@tanstack/react-query';
import { REDEEM_API } from '@lantern/contract';
import type { z } from 'zod';
import type { issuedCodesResponse, redeemPageState, redemptionsResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { pageQuery } from '../../../lib/listQueries';

export type RedeemPageState = z.infer<typeof redeemPageState>;
export type RedemptionsResponse = z.infer<typeof redemptionsResponse>;

/** GET /api/redeem: whether the next try needs a captcha. */
export const redeemStateQuery = queryOptions({
  queryKey: queryKeys.redeem.state,
  queryFn: () => api.get<RedeemPageState>(REDEEM_API.redeem),
  staleTime: 0,
});

/** GET /api/redeems: what my codes gave, newest first. */
export const redemptionsQuery = (page: number) =>
  pageQuery<RedemptionsResponse>(queryKeys.redeem.history(page), REDEEM_API.redeems, { page, per: 10 });

export type IssuedCodesResponse = z.infer<typeof issuedCodesResponse>;

/** GET /api/me/code: codes issued to me (rewards, gifts), with the code itself; an active one past its date reads expired. */
export const myCodesQuery = queryOptions({
  queryKey: queryKeys.redeem.mine,
  queryFn: () => api.get<IssuedCodesResponse>(REDEEM_API.myCodes, { query: { page: 1, per: 10 } }),
});
