import { queryOptions } from '@tanstack/react-query';
import { API, type autocompleteResponse } from '@lantern/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type GameSuggestion = z.infer<typeof autocompleteResponse>['suggestions'][number];

/** GET /api/search/autocomplete: the games a sharer picks from while typing a name. */
export const gameSuggestionsQuery = (keyword: string) =>
  queryOptions({
    queryKey: queryKeys.conversations.games(keyword),
    queryFn: ({ signal }) => api.get<z.infer<typeof autocompleteResponse>>(API.autocomplete, { query: { keyword }, auth: 'optional', signal }),
    enabled: keyword.trim().length > 0,
    staleTime: 60_000,
  });
