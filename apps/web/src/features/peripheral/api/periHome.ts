import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type PeriHomeResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/peri_home: the peripheral shop's banners, navigation tags, categories and featured rows. */
export const periHomeQuery = queryOptions({
  queryKey: queryKeys.shop.home,
  queryFn: () => api.get<PeriHomeResponse>(API.periHome, { auth: 'optional' }),
  staleTime: 60_000,
});

export const usePeriHome = () => useQuery(periHomeQuery);
