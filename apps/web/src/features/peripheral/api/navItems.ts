import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@lantern/contract';
import type { z } from 'zod';
import type { navItemsResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type NavItemsResponse = z.infer<typeof navItemsResponse>;

/** GET /api/peripheral/nav_items: the shop's navigation tags, in order. */
export const navItemsQuery = queryOptions({
  queryKey: queryKeys.shop.navItems,
  queryFn: () => api.get<NavItemsResponse>(API.periNavItems, { auth: 'optional' }),
  staleTime: 10 * 60_000,
});

export const useNavItems = () => useQuery(navItemsQuery);
