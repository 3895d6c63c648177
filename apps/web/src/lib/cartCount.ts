import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type CartResponse, type ProductCate } from '@lantern/contract';
import { api } from './api';
import { frameQueryKeys } from './frame-query-keys';
import { useMe } from './session';

/** The cart's query for one category (every category when undefined). */
export const cateQuery = (cate?: ProductCate) => (cate ? { q: { sku_cate_eq: cate } } : undefined);

/** GET /api/cart (q[sku_cate_eq]): one category's lines, or every line when `cate` is undefined (lib/cart.ts writes it). */
export const cartQuery = (cate?: ProductCate) =>
  queryOptions({
    queryKey: frameQueryKeys.cart.view(cate),
    queryFn: () => api.get<CartResponse>(API.cart, { query: cateQuery(cate) }),
  });

/** The header's count: the signed-in viewer's cart lines, 0 for a guest. */
export function useCartCount(): number {
  const { data: me } = useMe();
  const q = useQuery({ ...cartQuery(), enabled: !!me, staleTime: 30_000 });
  return me ? (q.data?.meta.total_count ?? 0) : 0;
}
