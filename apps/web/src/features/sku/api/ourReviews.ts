import { queryOptions, useQuery } from '@tanstack/react-query';
import { COMMUNITY_API, type groupResponse, type postsResponse } from '@lantern/contract';
import type { z } from 'zod';
import { api, isApiError } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type GameGroup = z.infer<typeof groupResponse>['group'];
export type GameReviews = z.infer<typeof postsResponse>;

/** GET /api/products/{id}/group: the game's community group, or null when it has none (404). */
export const gameGroupQuery = (productId: number) =>
  queryOptions({
    queryKey: queryKeys.community.productGroup(productId),
    queryFn: async () => {
      try {
        return (await api.get<z.infer<typeof groupResponse>>(COMMUNITY_API.productGroup(productId), { auth: 'optional' })).group;
      } catch (e) {
        if (isApiError(e) && e.status === 404) return null;
        throw e;
      }
    },
  });

export const useGameGroup = (productId: number) => useQuery(gameGroupQuery(productId));

/** GET /api/search/posts (group_id, type Review, newest, per 3): the game page's latest reviews. */
export const useGameReviews = (groupId: number | null) =>
  useQuery({
    queryKey: queryKeys.community.reviewsOf(groupId ?? 0),
    queryFn: () => api.get<GameReviews>(COMMUNITY_API.searchPosts, { auth: 'optional', query: { group_id: groupId!, type: 'Review', per: 3, order: 'newest' } }),
    enabled: groupId !== null,
  });
