import { useQuery } from '@tanstack/react-query';
import { API } from '@lantern/contract';
import type { z } from 'zod';
import type { categoriesResponse } from '@lantern/contract';
import { queryKeys } from '../../../lib/query-keys';
import { catalogueQuery } from '../../../lib/listQueries';

export type CategoriesResponse = z.infer<typeof categoriesResponse>;

/** GET /api/categories: the store's categories (games and peripherals). */
export const categoriesQuery = catalogueQuery<CategoriesResponse>(queryKeys.catalog.categories, API.categories);

export const useCategories = () => useQuery(categoriesQuery);
