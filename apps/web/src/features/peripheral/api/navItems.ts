import { useQuery } from '@tanstack/react-query';
import { API } from '@lantern/contract';
import type { z } from 'zod';
import type { navItemsResponse } from '@lantern/contract';
import { queryKeys } from '../../../lib/query-keys';
import { catalogueQuery } from '../../../lib/listQueries';

export type NavItemsResponse = z.infer<typeof navItemsResponse>;

/** GET /api/peripheral/nav_items: the shop's navigation tags, in order. */
export const navItemsQuery = catalogueQuery<NavItemsResponse>(queryKeys.shop.navItems, API.periNavItems);

export const useNavItems = () => useQuery(navItemsQuery);
