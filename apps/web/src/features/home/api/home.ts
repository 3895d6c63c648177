import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type HomeResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The element the server puts the home's data in, in the page of `/` (the same JSON GET /api/v7/home answers). */
export const INLINE_HOME_ID = 'lantern-home';

/**
 * The home's data the page came with, taken once: the first visit renders without a request; later visits
 * (the data gone stale, another page first) ask the API.
 */
export function takeInlineHome(doc: Document = document): HomeResponse | null {
  const element = doc.getElementById(INLINE_HOME_ID);
  if (!element) return null;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as HomeResponse;
  } catch {
    return null;
  }
}

/** GET /api/v7/home: every block of the store home (docs/product/catalogue.md#store-home); empty lists for blocks without data. */
export const fetchHome = () => takeInlineHome() ?? api.get<HomeResponse>(API.home, { auth: 'optional' });

export const homeQuery = queryOptions({
  queryKey: queryKeys.storefront.home,
  queryFn: async () => fetchHome(),
  staleTime: 60_000,
});

export const useHome = () => useQuery(homeQuery);
