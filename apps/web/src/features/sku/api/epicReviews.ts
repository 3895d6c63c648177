import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { GAME_REVIEWS_API, type ForumReviewPage } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { REVIEWS_PER_PAGE } from './steamReviews';

/** GET /forum/community/search/epic_reviews: the game's Epic reviews on this site, most helpful first. */
export const epicReviewsQuery = (skuId: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.gameReviews.epic(skuId),
    queryFn: async ({ pageParam }) =>
      (await api.get<{ data: ForumReviewPage }>(GAME_REVIEWS_API.forumEpicReviews, { auth: 'none', query: { skuId, page: pageParam, size: REVIEWS_PER_PAGE } })).data,
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
    retry: false,
  });

export const useEpicReviews = (skuId: number) => useInfiniteQuery(epicReviewsQuery(skuId));
