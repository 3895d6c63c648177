import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@lantern/contract';
import type { z } from 'zod';
import type { navItemsResponse } from '@lantern/contract';
import { api } from '../../../lib/api';

export type NavItemsResponse = z.infer<typeof navItemsResponse>;

/** GET /api/peripheral/nav_items: the shop's navigation tags, in order. */
export const navItemsQuery = queryOptions({
  queryKey: ['shop', 'nav-items'] as const,
  queryFn: () => api.get<NavItemsResponse>(API.periNavItems, { auth: 'optional' }),
  staleTime: 10 * 60_000,
});

export const useNavItems = () => useQuery(navItemsQuery);
