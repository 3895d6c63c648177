import { queryOptions, useQuery } from '@tanstack/react-query';
import { QUEUES_API, type QueueItemView } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface QueueSku extends QueueItemView {
  previous_item_id: number | null;
  next_item_id: number | null;
}

/** GET /api/promotion/queue_skus/{item id}: one step of a queue with its game as the site lists it now. */
export const queueSkuQuery = (itemId: number) =>
  queryOptions({
    queryKey: queryKeys.queues.item(itemId),
    queryFn: ({ signal }) => api.get<QueueSku>(QUEUES_API.queueSku(itemId), { auth: 'optional', signal }),
    retry: false,
  });
export const useQueueSku = (itemId: number | null) => useQuery({ ...queueSkuQuery(itemId ?? 0), enabled: itemId !== null });
