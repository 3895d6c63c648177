import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COLLECTIONS_API, type ShareResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/collections: collect a post (400 `account: taken` when collected already; docs/product/people.md#collections). */
export function useCollect() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (target: { type: 'Post' | 'Headline'; id: number }) =>
      api.post<unknown>(COLLECTIONS_API.collections, { collection: { accessible_type: target.type, accessible_id: target.id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.people.collectionsAll }),
  });
}

/** POST /api/share: the link to a post or talk on this site (docs/product/people.md#share). */
export function useShare() {
  return useMutation({
    mutationFn: (target: { type: 'Post' | 'Talk'; id: number; area: 'native' | 'abroad' }) =>
      api.post<ShareResponse>(COLLECTIONS_API.share, { share: { target_type: target.type, target_id: target.id, target_data: { area: target.area } } }, { auth: 'optional' }),
  });
}
