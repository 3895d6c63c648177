import type { GiftPack } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { Viewer } from '../../platform/viewer.ts';

/**
 * The gift packs a SKU's page offers (docs/product/deals.md#gift-packs). Gift packs grant coupons, and
 * their module sits above the catalogue, so it provides them at set-up; nobody providing them means none.
 */
export type SkuGiftPacksLoader = (deps: Deps, viewer: Viewer, accountId: number, skuId: number) => Promise<GiftPack[]>;

let loader: SkuGiftPacksLoader = async () => [];

export function provideSkuGiftPacks(load: SkuGiftPacksLoader): void {
  loader = load;
}

export function skuGiftPacks(deps: Deps, viewer: Viewer, accountId: number, skuId: number): Promise<GiftPack[]> {
  return loader(deps, viewer, accountId, skuId);
}
