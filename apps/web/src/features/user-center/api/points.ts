import { API } from '@lantern/contract';
import type { z } from 'zod';
import type { pointDetailsResponse } from '@lantern/contract';
import { POINT_DETAILS_PER } from '../../../lib/constants';
import { queryKeys } from '../../../lib/query-keys';
import { pageQuery } from '../../../lib/listQueries';

export type PointDetailsResponse = z.infer<typeof pointDetailsResponse>;

/** GET /api/point_details: the point records, newest first, paged. */
export const pointDetailsQuery = (page: number) =>
  pageQuery<PointDetailsResponse>(queryKeys.points.page(page), API.pointDetails, { page, per: POINT_DETAILS_PER });
