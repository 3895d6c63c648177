import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COLLECTIONS_API, type CollectionsResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { pageQuery } from '../../../lib/listQueries';

/** GET /api/collections: the viewer's collected posts and headlines, 10 a page (docs/product/people.md#collections). */
export const collectionsQuery = (page: number) =>
  pageQuery<CollectionsResponse>(queryKeys.people.collections(page), COLLECTIONS_API.collections, { page });

/** DELETE /api/collections/{id}. */
export function useRemoveCollection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(COLLECTIONS_API.collection(id)),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.people.collectionsAll }),
  });
}
