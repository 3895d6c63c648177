import { queryOptions, useQuery } from '@tanstack/react-query';
import { QUEUES_API, type ExploringQueue } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/promotion/queues?sku_id=: the live exploring queues holding this game. */
export const skuQueuesQuery = (skuId: number) =>
  queryOptions({
    queryKey: queryKeys.queues.live(skuId),
    queryFn: ({ signal }) => api.get<{ queues: ExploringQueue[] }>(QUEUES_API.queues, { auth: 'optional', signal, query: { sku_id: skuId } }),
    retry: false,
  });

export const useSkuQueues = (skuId: number) => useQuery(skuQueuesQuery(skuId));
