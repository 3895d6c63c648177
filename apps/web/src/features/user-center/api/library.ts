import { LIBRARY_API } from '@lantern/contract';
import type { z } from 'zod';
import type { libraryGamesResponse } from '@lantern/contract';
import { queryKeys } from '../../../lib/query-keys';
import { filterWhere, pageQuery } from '../../../lib/listQueries';

export type LibraryGamesResponse = z.infer<typeof libraryGamesResponse>;
export type LibraryKind = 'all' | 'game' | 'dlc' | 'bundle';
export const LIBRARY_PER = 10;

/** GET /api/me/games: the site's library, newest first, paged; q[kind_eq]. */
export const libraryQuery = (page: number, kind: LibraryKind) =>
  pageQuery<LibraryGamesResponse>(queryKeys.library.page(kind, page), LIBRARY_API.games, { page, per: LIBRARY_PER, ...filterWhere('kind_eq', kind) });
