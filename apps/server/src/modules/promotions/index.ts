/**
 * Promotions: flash sales (seckill) today. Above orders and keys (each unit's key set aside when it goes on sale): a purchase places a `seckill` order through
 * orders' checkout (the flash price as a fixed unit price, the unit taken in the order's transaction), and
 * the unit of an order that ends unpaid comes back through the release step registered in `setup`.
 */
import type { ServerModule } from '../../platform/module.ts';
import { provideKeyHolds } from '../keys/index.ts';
import { registerOrderReleaseStep } from '../orders/index.ts';
import { provideHomeBlock } from '../storefront/index.ts';
import { homeSeckills } from './home-block.ts';
import { endedSaleKeysJob, seckillKeyHolds } from './keys-set-aside.ts';
import { returnSeckillUnits } from './purchase.ts';
import { lostReservationsJob } from './reservations.ts';
import { promotionRoutes } from './routes.ts';
import { promotionStaffRoutes } from './staff-routes.ts';
import * as tables from './tables.ts';

export const promotionsModule: ServerModule = {
  name: 'promotions',
  routes: promotionRoutes,
  staffRoutes: promotionStaffRoutes,
  tables,
  jobs: [lostReservationsJob, endedSaleKeysJob],
  features: ['seckill'],
  setup: () => {
    registerOrderReleaseStep(returnSeckillUnits);
    provideKeyHolds(seckillKeyHolds);
    provideHomeBlock('seckills', homeSeckills);
  },
};
