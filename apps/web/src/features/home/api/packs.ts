import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type LayoutContent } from '@lantern/contract';
import { api } from '../../../lib/api';
import { createBatchQueue } from '../../../lib/packQueue';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/custom/packs?ids[]=…: the layout packs the home lists in `pack_ids`. */
export const fetchPacks = async (ids: number[]) => (await api.get<{ packs: LayoutContent[] }>(API.customPacks, { query: { ids }, auth: 'optional' })).packs;

/** One queue for the page: ids merged every 1 s, at most 30 a request (docs/product/catalogue.md#layout-packs). */
export const packQueue = createBatchQueue<LayoutContent>({ fetchBatch: fetchPacks, idOf: (p) => p.id });

export const packQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.storefront.pack(id),
    queryFn: () => packQueue.load(id),
    staleTime: 5 * 60_000,
  });

export const usePack = (id: number) => useQuery(packQuery(id));
