import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SkuDetail } from '@lantern/contract';
import { queryKeys } from '../../../lib/query-keys';
import { addWish, removeWish } from '../../../lib/wishes';
import { skuQuery } from './sku';

/**
 * PUT/DELETE /api/me/wishes/{skuId} from the wish button, optimistically: the button and the count change at
 * once, the server's count replaces the guess, a failure puts the old state back.
 */
export function useToggleWish(sku: SkuDetail, onError: (e: unknown) => void) {
  const client = useQueryClient();
  const key = skuQuery(sku.id).queryKey;
  return useMutation({
    mutationFn: (wish: boolean) => (wish ? addWish(sku.id) : removeWish(sku.id)),
    onMutate: async (wish) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<SkuDetail>(key);
      client.setQueryData<SkuDetail>(key, (old) =>
        old && old.is_wished !== wish ? { ...old, is_wished: wish, wishes_count: Math.max(0, old.wishes_count + (wish ? 1 : -1)) } : old,
      );
      return { before };
    },
    onSuccess: (res) => {
      client.setQueryData<SkuDetail>(key, (old) => (old ? { ...old, is_wished: res.is_wished, wishes_count: res.wishes_count } : old));
      void client.invalidateQueries({ queryKey: queryKeys.wishes.all });
    },
    onError: (e, _wish, ctx) => {
      if (ctx?.before) client.setQueryData(key, ctx.before);
      onError(e);
    },
  });
}
