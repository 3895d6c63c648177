import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { API } from '@lantern/contract';
import type { z } from 'zod';
import type { pointDetailsResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { POINT_DETAILS_PER } from '../../../lib/constants';
import { queryKeys } from '../../../lib/query-keys';

export type PointDetailsResponse = z.infer<typeof pointDetailsResponse>;

/** GET /api/point_details: the point records, newest first, paged. */
export const pointDetailsQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.points.page(page),
    queryFn: () => api.get<PointDetailsResponse>(API.pointDetails, { query: { page, per: POINT_DETAILS_PER } }),
    placeholderData: keepPreviousData,
  });
