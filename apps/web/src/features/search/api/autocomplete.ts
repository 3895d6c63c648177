import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@lantern/contract';
import type { z } from 'zod';
import type { autocompleteResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type AutocompleteResponse = z.infer<typeof autocompleteResponse>;
export type Suggestion = AutocompleteResponse['suggestions'][number];

/** GET /api/search/autocomplete: names (Chinese and English) matching what is typed, while typing. */
export const autocompleteQuery = (keyword: string) =>
  queryOptions({
    queryKey: queryKeys.search.autocomplete(keyword),
    queryFn: ({ signal }) => api.get<AutocompleteResponse>(API.autocomplete, { query: { keyword }, auth: 'optional', signal }),
    staleTime: 5 * 60_000,
  });

export const useAutocomplete = (keyword: string) => useQuery({ ...autocompleteQuery(keyword), enabled: keyword.length > 0 });
