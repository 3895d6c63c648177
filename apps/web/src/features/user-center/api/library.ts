import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { LIBRARY_API } from '@lantern/contract';
import type { z } from 'zod';
import type { libraryGamesResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type LibraryGamesResponse = z.infer<typeof libraryGamesResponse>;
export type LibraryKind = 'all' | 'game' | 'dlc' | 'bundle';
export const LIBRARY_PER = 10;

/** GET /api/me/games: the site's library, newest first, paged; q[kind_eq]. */
export const libraryQuery = (page: number, kind: LibraryKind) =>
  queryOptions({
    queryKey: queryKeys.library.page(kind, page),
    queryFn: () => api.get<LibraryGamesResponse>(LIBRARY_API.games, { query: { page, per: LIBRARY_PER, ...(kind === 'all' ? {} : { q: { kind_eq: kind } }) } }),
    placeholderData: keepPreviousData,
  });
