import { COMMUNITY_API, type userReviewsResponse } from '@lantern/contract';
import { PAGE_SIZES } from '@lantern/domain';
import type { z } from 'zod';
import { queryKeys } from '../../../lib/query-keys';
import { pageQuery } from '../../../lib/listQueries';

export type UserReviews = z.infer<typeof userReviewsResponse>;
export type ReviewsTab = 'reviewed' | 'not_reviewed';

/** GET /api/user_center/reviews: my reviews, or my games not reviewed yet; 10 a page (docs/product/limits.md#page-sizes). */
export const userReviewsQuery = (type: ReviewsTab, page: number) =>
  pageQuery<UserReviews>(queryKeys.community.userReviews(type, page), COMMUNITY_API.userCenterReviews, { type, page, per: PAGE_SIZES.not_reviewed });
