import { queryOptions, useQuery } from '@tanstack/react-query';
import { COMMUNITY_API, type groupResponse, type postsResponse } from '@lantern/contract';
import type { z } from 'zod';
import { api, isApiError } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type ProductGroup = z.infer<typeof groupResponse>['group'];

/** GET /api/products/{id}/group: the game's group, or null when it has none (404). */
export const productGroupQuery = (productId: number) =>
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

export const useProductGroup = (productId: number) => useQuery(productGroupQuery(productId));

/** GET /api/search/posts (group_id, type Review, per 3): a game page's latest reviews. */
export const useLatestReviews = (groupId: number | null) =>
  useQuery({
    queryKey: queryKeys.community.reviewsOf(groupId ?? 0),
    queryFn: () => api.get<z.infer<typeof postsResponse>>(COMMUNITY_API.searchPosts, { auth: 'optional', query: { group_id: groupId!, type: 'Review', per: 3, order: 'newest' } }),
    enabled: groupId !== null,
  });
