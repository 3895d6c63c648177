import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { COMMUNITY_API, type userReviewsResponse } from '@lantern/contract';
import { PAGE_SIZES } from '@lantern/domain';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type UserReviews = z.infer<typeof userReviewsResponse>;

/** GET /api/user_center/reviews: the account's reviews, or its games not reviewed yet; 10 a page. */
export const useUserReviews = (type: 'reviewed' | 'not_reviewed', page: number) =>
  useQuery({
    queryKey: queryKeys.community.userReviews(type, page),
    queryFn: () => api.get<UserReviews>(COMMUNITY_API.userCenterReviews, { query: { type, page, per: PAGE_SIZES.not_reviewed } }),
    placeholderData: keepPreviousData,
  });
