import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../lib/mutationCallbacks';
import { queryKeys } from '../../../lib/query-keys';
import { removeWish, type WishResponse } from '../../../lib/wishes';

/**
 * DELETE /api/me/wishes/{skuId} from the wish list. The list reloads, and so does the game's page (its
 * wish button and count) if it is cached.
 */
export function useRemoveWish(callbacks: MutationCallbacks<WishResponse, number> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeWish,
    onSuccess: (res, skuId) => {
      callbacks.onSuccess?.(res, skuId);
      void client.invalidateQueries({ queryKey: queryKeys.wishes.all });
      void client.invalidateQueries({ queryKey: queryKeys.catalog.sku(skuId) });
    },
    onError: callbacks.onError,
  });
}
