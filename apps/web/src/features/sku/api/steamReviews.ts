import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { GAME_REVIEWS_API, type PlatformReview, type SteamEvaluation } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The review list's page size (docs/product/limits.md#page-sizes: review list 7). */
export const REVIEWS_PER_PAGE = 7;

interface SteamReviewsPage {
  steam_reviews: PlatformReview[];
  meta: { total_count: number; page: number; per: number };
}

/** GET /api/search/steam_reviews: the game's Steam reviews on this site, most helpful first, a page at a time. */
export const steamReviewsQuery = (skuId: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.gameReviews.steam(skuId),
    queryFn: ({ pageParam }) => api.get<SteamReviewsPage>(GAME_REVIEWS_API.steamReviews, { auth: 'none', query: { sku_id: skuId, page: pageParam, per: REVIEWS_PER_PAGE } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page * last.meta.per < last.meta.total_count ? last.meta.page + 1 : undefined),
    retry: false,
  });

export const useSteamReviews = (skuId: number) => useInfiniteQuery(steamReviewsQuery(skuId));

/** GET /forum/gameScore/sku/steamEvaluation: Steam's summary of the game and its label in the site's language. */
export const steamEvaluationQuery = (skuId: number) =>
  queryOptions({
    queryKey: queryKeys.gameReviews.evaluation(skuId),
    queryFn: async () => (await api.get<{ data: SteamEvaluation }>(GAME_REVIEWS_API.steamEvaluation, { auth: 'none', query: { skuid: skuId } })).data,
    retry: false,
  });

export const useSteamEvaluation = (skuId: number) => useQuery(steamEvaluationQuery(skuId));
