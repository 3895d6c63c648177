import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, type SkuListResponse } from '@lantern/contract';
import { api, type QueryValue } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { toApiQuery, type SearchState } from '../searchState';

/** GET /api/search/skus: keyword, filters, ordering (docs/product/catalogue.md#search), per 10 (store search). */
export const searchSkus = (state: SearchState, signal?: AbortSignal) =>
  api.get<SkuListResponse>(API.searchSkus, { query: toApiQuery(state) as unknown as Record<string, QueryValue>, auth: 'optional', signal });

export const searchQuery = (state: SearchState) =>
  queryOptions({
    queryKey: queryKeys.search.skus(toApiQuery(state)),
    queryFn: ({ signal }) => searchSkus(state, signal),
    placeholderData: keepPreviousData,
  });

export const useSearchSkus = (state: SearchState) => useQuery(searchQuery(state));
