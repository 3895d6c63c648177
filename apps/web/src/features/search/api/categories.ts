import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@lantern/contract';
import type { z } from 'zod';
import type { categoriesResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type CategoriesResponse = z.infer<typeof categoriesResponse>;

/** GET /api/categories: the store's categories (games and peripherals). */
export const categoriesQuery = queryOptions({
  queryKey: queryKeys.catalog.categories,
  queryFn: () => api.get<CategoriesResponse>(API.categories, { auth: 'optional' }),
  staleTime: 10 * 60_000,
});

export const useCategories = () => useQuery(categoriesQuery);
