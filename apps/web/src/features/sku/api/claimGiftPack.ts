import { GIFT_PACKS_API, type giftPackClaimResponse } from '@lantern/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { invalidateCart } from '../../../lib/cart';
import { useWrite, type MutationCallbacks } from '../../../lib/mutationCallbacks';
import { queryKeys } from '../../../lib/query-keys';

export type GiftPackClaim = z.infer<typeof giftPackClaimResponse>;

/** PATCH /api/event_gift_packs/{id}: every coupon of the pack, once per account. */
export const claimGiftPack = (id: number) => api.patch<GiftPackClaim>(GIFT_PACKS_API.giftPack(id));

/** Claiming fills the account's coupons (and what the cart could use) and marks the pack claimed on the page. */
export function useClaimGiftPack(skuId: number, callbacks: MutationCallbacks<GiftPackClaim, number> = {}) {
  return useWrite((id: number) => claimGiftPack(id), callbacks, {
    succeeded: (client) => {
      void client.invalidateQueries({ queryKey: queryKeys.coupons.all });
      void invalidateCart(client);
    },
    // Claimed, already claimed or ended: the page's packs are refreshed either way.
    settled: (client) => client.invalidateQueries({ queryKey: queryKeys.skuService(skuId) }),
  });
}
