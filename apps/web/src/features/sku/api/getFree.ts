import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type Order, type SkuDetail } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/**
 * "Get it" on a free game (docs/product/buying.md#free-orders): a one-click order of the SKU, which the server
 * completes as it is placed — the key and the library entry come with the answer, no payment page.
 */
export const getFree = (sku: Pick<SkuDetail, 'id' | 'cate'>) => api.post<Order>(API.orders, { order: { sku_ids: [sku.id], cate: sku.cate, type: 'one_click' } });

/** Taking a free game fills the library, the orders and the keys: everything of the account is read again. */
export function useGetFree() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: getFree,
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.me.all }),
  });
}
