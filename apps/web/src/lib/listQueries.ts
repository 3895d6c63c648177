import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import { api, type QueryValue, type RequestOptions } from './api';

/**
 * One page of a paged list read from `path` with `query` (page, per, filters): the page shown stays on screen
 * while the next one loads, so paging does not flash an empty list.
 */
export function pageQuery<T>(queryKey: QueryKey, path: string, query: Record<string, QueryValue>, options: Pick<RequestOptions, 'auth'> = {}) {
  return queryOptions({
    queryKey,
    queryFn: () => api.get<T>(path, { ...options, query }),
    placeholderData: keepPreviousData,
  });
}

/** A list filter's `q` part: nothing for `all`, else `{ q: { [field]: value } }` (the API's ransack-style filter). */
export function filterWhere(field: string, value: string): { q?: Record<string, string> } {
  return value === 'all' ? {} : { q: { [field]: value } };
}

/** A list of the store that anyone sees and that rarely changes (categories, tags, the shop's navigation): fresh for ten minutes. */
export function catalogueQuery<T>(queryKey: QueryKey, path: string) {
  return queryOptions({
    queryKey,
    queryFn: () => api.get<T>(path, { auth: 'optional' }),
    staleTime: 10 * 60_000,
  });
}
