import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type SkuDetail } from '@lantern/contract';
import { api } from '../../../lib/api';

/**
 * GET /api/skus/{id}: the SKU with its edition, the product's other editions, DLC, bundles, base game and
 * whether the viewer wishes for it. A SKU outside its product answers with the product's first SKU (docs/product/catalogue.md#requested-sku).
 */
export const skuKey = (id: string | number) => ['catalog', 'sku', String(id)] as const;

export const skuQuery = (id: string | number) =>
  queryOptions({
    queryKey: skuKey(id),
    queryFn: ({ signal }) => api.get<SkuDetail>(API.sku(id), { auth: 'optional', signal }),
    retry: false,
  });

export const useSku = (id: string) => useQuery(skuQuery(id));
