import { queryOptions } from '@tanstack/react-query';
import { API, type Districts } from '@lantern/contract';
import { api } from './api';
import { queryKeys } from './query-keys';

/**
 * GET /districts: mainland provinces → cities → areas, and the country list for addresses abroad. The
 * address form picks from it and an order's address names its ids with it. It never changes while the
 * app runs, so it is asked once.
 */
export const districtsQuery = queryOptions({
  queryKey: queryKeys.districts,
  queryFn: () => api.get<Districts>(API.districts, { auth: 'none' }),
  staleTime: Infinity,
  gcTime: Infinity,
});

/** "北京市 北京市 东城区" from an address's district ids; empty when unknown. */
export function districtNames(d: Districts | undefined, ids: { prov_id: string | null; city_id: string | null; area_id: string | null }): string {
  if (!d || !ids.prov_id) return '';
  const prov = d.provinces.find((p) => p.id === ids.prov_id);
  const city = prov?.cities.find((c) => c.id === ids.city_id);
  const area = city?.areas.find((a) => a.id === ids.area_id);
  return [prov?.name, city?.name, area?.name].filter(Boolean).join(' ');
}
