import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@lantern/contract';
import type { z } from 'zod';
import type { tagsResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type TagsResponse = z.infer<typeof tagsResponse>;

/** GET /api/tags/timestamp: every store tag, with the time of the list's last change. */
export const tagsQuery = queryOptions({
  queryKey: queryKeys.catalog.tags,
  queryFn: () => api.get<TagsResponse>(API.tagsTimestamp, { auth: 'optional' }),
  staleTime: 10 * 60_000,
});

export const useTags = () => useQuery(tagsQuery);
