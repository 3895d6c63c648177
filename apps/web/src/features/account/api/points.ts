import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { API } from '@lantern/contract';
import type { z } from 'zod';
import type { clockInResponse, pointDetailsResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { POINT_DETAILS_PER } from '../../../lib/constants';

export type ClockInResponse = z.infer<typeof clockInResponse>;
export type PointDetailsResponse = z.infer<typeof pointDetailsResponse>;

/** POST /api/me/clock_in: the daily check-in. A second one the same day answers `base: ['greater_than']`. */
export const clockIn = () => api.post<ClockInResponse>(API.clockIn);

/** GET /api/point_details: the point records, newest first, paged. */
export const pointDetailsQuery = (page: number) =>
  queryOptions({
    queryKey: ['me', 'point_details', page] as const,
    queryFn: () => api.get<PointDetailsResponse>(API.pointDetails, { query: { page, per: POINT_DETAILS_PER } }),
    placeholderData: keepPreviousData,
  });
