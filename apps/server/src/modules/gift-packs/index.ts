/**
 * Gift packs (docs/product/deals.md#gift-packs): coupons claimed together, once per account. Above coupons
 * (it grants through coupons' service) and the catalogue, whose SKU service it provides with the packs a
 * game page offers (decisions/0012).
 */
import type { ServerModule } from '../../platform/module.ts';
import { provideSkuGiftPacks } from '../catalog/index.ts';
import { skuGiftPacks } from './packs.ts';
import { giftPackRoutes } from './routes.ts';
import { giftPackStaffRoutes } from './staff-routes.ts';
import * as tables from './tables.ts';

export const giftPacksModule: ServerModule = {
  name: 'gift-packs',
  routes: giftPackRoutes,
  staffRoutes: giftPackStaffRoutes,
  tables,
  features: ['gift_packs'],
  setup: () => provideSkuGiftPacks((deps, viewer, accountId, skuId) => skuGiftPacks(deps, viewer.area, accountId, skuId)),
};
