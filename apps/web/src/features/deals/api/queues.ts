import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QUEUES_API, type EditionPreview, type ExploringQueue } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/promotion/queues/{id}: the queue, and the viewer's run of it when signed in. */
export const queueQuery = (id: string | number) =>
  queryOptions({
    queryKey: queryKeys.queues.detail(id),
    queryFn: ({ signal }) => api.get<ExploringQueue>(QUEUES_API.queue(id), { auth: 'optional', signal }),
    retry: false,
  });
export const useQueue = (id: string) => useQuery(queueQuery(id));

/** GET /api/v1/preview/editions/{sku id}: the game's editions, their prices and what each holds. */
export const editionPreviewQuery = (skuId: number) =>
  queryOptions({
    queryKey: queryKeys.editionPreview(skuId),
    queryFn: ({ signal }) => api.get<EditionPreview>(QUEUES_API.editionPreview(skuId), { auth: 'optional', signal, query: { app_id: 'lantern-web' } }),
    retry: false,
    staleTime: 5 * 60_000,
  });
export const useEditionPreview = (skuId: number | null) => useQuery({ ...editionPreviewQuery(skuId ?? 0), enabled: skuId !== null });

/** Stores the queue as the server answered it (every write answers the whole queue with the viewer's run). */
function useStoreQueue() {
  const client = useQueryClient();
  return (queue: ExploringQueue) => {
    client.setQueryData(queueQuery(queue.id).queryKey, queue);
    void client.invalidateQueries({ queryKey: queryKeys.queues.all, predicate: (q) => q.queryKey[2] === 'live' });
  };
}

/** POST /api/promotion/queues/{id}/start. */
export function useStartQueue() {
  const store = useStoreQueue();
  return useMutation({ mutationFn: (id: number) => api.post<ExploringQueue>(QUEUES_API.start(id), {}), onSuccess: store });
}

/**
 * PATCH /api/promotion/queues/{id}: records the items seen; `complete` finishes the run for the reward. A
 * completed run refreshes points and coupons (the reward lands there).
 */
export function useUpdateQueue() {
  const store = useStoreQueue();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, viewed, complete }: { id: number; viewed: number[]; complete?: boolean }) =>
      api.patch<ExploringQueue>(QUEUES_API.queue(id), { queue: { viewed_item_ids: viewed, ...(complete ? { complete: true } : {}) } }),
    onSuccess: (queue) => {
      store(queue);
      if (queue.progress?.completed) {
        void client.invalidateQueries({ queryKey: queryKeys.points.all });
        void client.invalidateQueries({ queryKey: queryKeys.coupons.all });
        void client.invalidateQueries({ queryKey: queryKeys.me.all, exact: true });
      }
    },
  });
}
