import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartResponse } from '@lantern/contract';
import { isApiError } from '../../../lib/api';
import { applyCart, cartQuery, patchCart, type ProductCate } from '../../../lib/cart';
import type { MutationCallbacks } from '../../../lib/mutationCallbacks';

export interface CartQuantityWrite {
  skuId: number;
  quantity: number;
}

/**
 * The cart page's quantity stepper and remove button: one line's absolute quantity in the category shown.
 * The answer replaces that view; a refused write reloads it, since the server may disagree with what is shown.
 */
export function useSetCartQuantity(cate: ProductCate, callbacks: MutationCallbacks<CartResponse, CartQuantityWrite> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ skuId, quantity }: CartQuantityWrite) => patchCart([{ sku_id: skuId, quantity }], cate),
    onSuccess: (next, write) => {
      applyCart(client, next, cate);
      callbacks.onSuccess?.(next, write);
    },
    onError: (e, write) => {
      // A 401 has already opened the sign-in popup: nothing to say, nothing worth reloading.
      if (isApiError(e) && e.status === 401) return;
      callbacks.onError?.(e, write);
      void client.invalidateQueries({ queryKey: cartQuery(cate).queryKey });
    },
  });
}
