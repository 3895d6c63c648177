import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { DISTRIBUTION_API, type distributionOrdersResponse, type searchInviteCodeAnswer } from '@lantern/contract';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { pageQuery } from '../../lib/listQueries';

export type SearchInviteCodeAnswer = z.infer<typeof searchInviteCodeAnswer>;
export type DistributionOrdersResponse = z.infer<typeof distributionOrdersResponse>;

/** GET /cps/searchInviteCode: my distribution code, link and summary on this site (docs/product/distribution.md). */
export const myDistributionQuery = queryOptions({
  queryKey: queryKeys.distribution.mine,
  queryFn: () => api.get<SearchInviteCodeAnswer>(DISTRIBUTION_API.searchInviteCode),
});

/** GET /api/me/distribution_orders: the orders attributed to my code, newest first, 10 a page. */
export const distributionOrdersQuery = (page: number) =>
  pageQuery<DistributionOrdersResponse>(queryKeys.distribution.orders(page), DISTRIBUTION_API.orders, { page });
