import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type HomeResponse } from '@lantern/contract';
import { api } from '../../../lib/api';

/** GET /api/v7/home: every block of the store home (spec §2.2); empty lists for blocks without data. */
export const fetchHome = () => api.get<HomeResponse>(API.home, { auth: 'optional' });

export const homeQuery = queryOptions({
  queryKey: ['storefront', 'home'] as const,
  queryFn: fetchHome,
  staleTime: 60_000,
});

export const useHome = () => useQuery(homeQuery);
