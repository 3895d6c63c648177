import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@lantern/contract';
import type { z } from 'zod';
import type { periTagResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type PeriTagResponse = z.infer<typeof periTagResponse>;

/** GET /api/peripheral/peri_tags/{id}: one navigation tag's products, paged (the server's page size). */
export const periTagQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.shop.tag(id, page),
    queryFn: () => api.get<PeriTagResponse>(API.periTag(id), { query: { page }, auth: 'optional' }),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const usePeriTag = (id: string, page: number) => useQuery(periTagQuery(id, page));
