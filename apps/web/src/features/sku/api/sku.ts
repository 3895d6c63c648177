import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type SkuDetail } from '@lantern/contract';
import { useCallback } from 'react';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { firstReadOr } from '../../../lib/firstRead';

/**
 * GET /api/skus/{id}: the SKU with its edition, the product's other editions, DLC, bundles, base game and
 * whether the viewer wishes for it. A SKU outside its product answers with the product's first SKU (docs/product/catalogue.md#requested-sku).
 */
export const skuQuery = (id: string | number) =>
  queryOptions({
    queryKey: queryKeys.catalog.sku(id),
    // A guest's landed game page carries this answer (lib/firstRead.ts).
    queryFn: ({ signal }) => firstReadOr(API.sku(id), () => api.get<SkuDetail>(API.sku(id), { auth: 'optional', signal })),
    retry: false,
  });

export const useSku = (id: string) => useQuery(skuQuery(id));

/**
 * A SKU asked for by another SKU's id answers its product's first SKU; the page moves to that SKU's own
 * address, and this stores the answer under it so the move asks nothing again.
 */
export function useKeepSkuUnderItsId() {
  const client = useQueryClient();
  return useCallback((sku: SkuDetail) => void client.setQueryData(skuQuery(sku.id).queryKey, sku), [client]);
}
