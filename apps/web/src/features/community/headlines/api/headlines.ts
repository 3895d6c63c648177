import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, HEADLINES_API, type HeadlineDetail, type headlinePageResponse, type headlinesResponse, type SkuListResponse } from '@lantern/contract';
import { PAGE_SIZES } from '@lantern/domain';
import type { z } from 'zod';
import { api } from '../../../../lib/api';
import { queryKeys } from '../../../../lib/query-keys';
import { firstReadOr } from '../../../../lib/firstRead';

export type HeadlinesPageAnswer = z.infer<typeof headlinePageResponse>;
export type HeadlinesList = z.infer<typeof headlinesResponse>;
export type HeadlineCardData = HeadlinesList['headlines'][number];

/** GET /api/headline_page (q): the sections as tabs and the lead stories of the site or of one section. */
export const headlinePageQuery = (sectionId: number | null) =>
  queryOptions({
    queryKey: queryKeys.headlines.page(sectionId),
    queryFn: () => api.get<HeadlinesPageAnswer>(HEADLINES_API.headlinePage, { auth: 'optional', query: sectionId ? { q: { section_id_eq: sectionId } } : {} }),
    staleTime: 30_000,
  });
export const useHeadlinePage = (sectionId: number | null) => useQuery(headlinePageQuery(sectionId));

/** GET /api/headlines (per 10): newest first, of one section (with its sub-sections) when asked. */
export const headlinesQuery = (sectionId: number | null, page: number) =>
  queryOptions({
    queryKey: queryKeys.headlines.list(sectionId, page),
    queryFn: () => api.get<HeadlinesList>(HEADLINES_API.headlines, { auth: 'optional', query: { page, per: PAGE_SIZES.headlines, ...(sectionId ? { q: { section_id_eq: sectionId } } : {}) } }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
export const useHeadlines = (sectionId: number | null, page: number) => useQuery(headlinesQuery(sectionId, page));

/** GET /api/headlines/{id}: the article, its games at live prices and the reader's like. */
export const headlineQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.headlines.article(id), queryFn: () => firstReadOr(HEADLINES_API.headline(id), () => api.get<HeadlineDetail>(HEADLINES_API.headline(id), { auth: 'optional' })) });
export const useHeadline = (id: number) => useQuery(headlineQuery(id));

/** GET /api/search/skus (keyword, per 30): the editor's game picker (docs/product/limits.md#page-sizes). */
export const useSkuSearch = (keyword: string) =>
  useQuery({
    queryKey: queryKeys.headlines.skuSearch(keyword),
    queryFn: () => api.get<SkuListResponse>(API.searchSkus, { auth: 'optional', query: { keyword, per: PAGE_SIZES.sku_search, page: 1 } }),
    enabled: keyword.trim().length > 0,
    placeholderData: keepPreviousData,
  });

/** GET /api/skus (q[id_in], type simple; at most 30): the names of a saved draft's games, in one call. */
export const useSkusByIds = (ids: readonly number[]) =>
  useQuery({
    queryKey: queryKeys.headlines.skusByIds(ids),
    queryFn: () => api.get<SkuListResponse>(API.skus, { auth: 'optional', query: { type: 'simple', q: { id_in: [...ids] } } }),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
