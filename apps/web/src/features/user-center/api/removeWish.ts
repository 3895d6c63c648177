import { useWrite, type MutationCallbacks } from '../../../lib/mutationCallbacks';
import { queryKeys } from '../../../lib/query-keys';
import { removeWish, type WishResponse } from '../../../lib/wishes';

/**
 * DELETE /api/me/wishes/{skuId} from the wish list. The list reloads, and so does the game's page (its
 * wish button and count) if it is cached.
 */
export function useRemoveWish(callbacks: MutationCallbacks<WishResponse, number> = {}) {
  return useWrite(removeWish, callbacks, {
    succeeded: (client, _res, skuId) => {
      void client.invalidateQueries({ queryKey: queryKeys.wishes.all });
      void client.invalidateQueries({ queryKey: queryKeys.catalog.sku(skuId) });
    },
  });
}
