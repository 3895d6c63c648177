import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { cartQuery, cateQuery } from './cartCount';
import { API, type CartResponse, type ProductCate } from '@lantern/contract';
import type { TFunction } from 'i18next';
import { api, isApiError } from './api';
import { errorToText } from './errors';
import { queryKeys } from './query-keys';

/**
 * The cart as the whole app shares it (docs/product/buying.md#cart): the header's count, the game page's "Add to cart" and
 * the cart page all read and write the same queries. A write answers the whole cart, which replaces the
 * cached one; the other categories' views and the coupon list are refetched.
 */
export type { ProductCate };
export const PRODUCT_CATES: readonly ProductCate[] = ['game', 'virtual', 'physical'];

// The read and the header's count are their own module (part of every first page); the writes stay here.
export { cartQuery, useCartCount } from './cartCount';

export interface CartLineWrite {
  sku_id: number;
  quantity: number;
}

/** PATCH /api/cart: absolute quantities; 0 removes the line (docs/product/buying.md#cart-removal). Answers the cart of `cate`. */
export const patchCart = (lines: readonly CartLineWrite[], cate?: ProductCate) =>
  api.patch<CartResponse>(API.cart, { cart: { cart_skus: lines } }, { query: cateQuery(cate) });

/** After a write: the answer replaces its own view; every other view of the cart and its coupons reloads. */
export function applyCart(client: QueryClient, cart: CartResponse, cate?: ProductCate) {
  const own = cartQuery(cate).queryKey;
  client.setQueryData(own, cart);
  void client.invalidateQueries({
    queryKey: queryKeys.cart.all,
    predicate: (q) => q.queryKey[own.length - 1] !== own[own.length - 1],
  });
}

/** Anything that changes what the cart holds or which coupons fit it (an order made, a coupon claimed). */
export const invalidateCart = (client: QueryClient) => client.invalidateQueries({ queryKey: queryKeys.cart.all });

/** How many lines the signed-in user's cart holds on this site (the header badge); 0 for a guest. */
/**
 * Adds one of a SKU: a new line with quantity 1, or one more of a physical item already there (keys and
 * virtual goods are one per order, so for them a line already in the cart is left as it is).
 * Answers whether the SKU was already in the cart.
 */
export function useAddToCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ skuId, physical }: { skuId: number; physical: boolean }) => {
      const cart = await client.fetchQuery({ ...cartQuery(), staleTime: 5_000 });
      const held = cart.cart_skus.find((l) => l.sku_id === skuId);
      if (held && !physical) return { cart, already: true };
      const next = await patchCart([{ sku_id: skuId, quantity: (held?.quantity ?? 0) + 1 }]);
      return { cart: next, already: false };
    },
    onSuccess: ({ cart }) => applyCart(client, cart),
  });
}

/** The site's name as the full-cart message says it (the message names the site, docs/product/buying.md#cart-full). */
export const stationName = (t: TFunction, area: 'native' | 'abroad') => t(area === 'native' ? 'footer.mainland_site' : 'footer.international_site');

/** A cart write the server refused, in words: the full cart naming the site, please wait, a DLC without its base game, or failed. */
export function cartErrorText(t: TFunction, e: unknown, station: string): string {
  if (isApiError(e)) {
    if (e.has('total_count', 'out_limit')) return t('cart.full', { station });
    if (e.status === 429 || e.has('base', 'busy') || e.has('base', 'rate_limit') || e.has('base', 'access_wait') || e.has('base', 'frequently')) return t('cart.please_wait');
    if (e.has('quantity', 'out_of_range')) return t('cart.quantity_out_of_range');
    if (e.has('sku_id', 'has_no_base')) return t('cart.needs_base');
    if (e.has('sku_id', 'status_invalid')) return t('cart.item_unavailable');
    if (e.status >= 500 || e.status === 0) return `${t('cart.update_failed')} ${errorToText(t, e)}`;
  }
  return t('cart.update_failed');
}
