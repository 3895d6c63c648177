import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COMMUNITY_API, type PostPageResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { firstReadOr } from '../../../lib/firstRead';

/** GET /api/posts/{id}: a published post or review, and whether the viewer blocked its author. */
export const postQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.community.post(id), queryFn: () => firstReadOr(COMMUNITY_API.post(id), () => api.get<PostPageResponse>(COMMUNITY_API.post(id), { auth: 'optional' })) });

export const usePost = (id: number) => useQuery(postQuery(id));

/** DELETE /api/posts/{id} or /api/reviews/{id}: the author's own; every community list is refreshed. */
export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: number; type: 'Post' | 'Review' }) => api.delete<void>(p.type === 'Review' ? COMMUNITY_API.review(p.id) : COMMUNITY_API.post(p.id)),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.community.all }),
  });
}
