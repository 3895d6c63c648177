import { useQuery } from '@tanstack/react-query';
import { API } from '@lantern/contract';
import type { z } from 'zod';
import type { tagsResponse } from '@lantern/contract';
import { queryKeys } from '../../../lib/query-keys';
import { catalogueQuery } from '../../../lib/listQueries';

export type TagsResponse = z.infer<typeof tagsResponse>;

/** GET /api/tags/timestamp: every store tag, with the time of the list's last change. */
export const tagsQuery = catalogueQuery<TagsResponse>(queryKeys.catalog.tags, API.tagsTimestamp);

export const useTags = () => useQuery(tagsQuery);
