/**
 * The points shop (docs/product/deals.md#points-shop): point redeems bought with points — a coupon through
 * coupons' grant, a SKU through orders (a zero-price order completed at once, or an order paid with
 * points at checkout). Above orders: the units held by unpaid orders come back through the release step
 * registered in `setup`, which also provides the home's `point_redeems` block (decisions/0012).
 */
import type { ServerModule } from '../../platform/module.ts';
import { registerOrderReleaseStep } from '../orders/index.ts';
import { provideHomeBlock } from '../storefront/index.ts';
import { homePointRedeems } from './redeems.ts';
import { returnPointRedeemUnits } from './redeem.ts';
import { pointsShopRoutes } from './routes.ts';
import { pointsShopStaffRoutes } from './staff-routes.ts';
import * as tables from './tables.ts';

export const pointsShopModule: ServerModule = {
  name: 'points-shop',
  routes: pointsShopRoutes,
  staffRoutes: pointsShopStaffRoutes,
  tables,
  features: ['point_redeem'],
  setup: () => {
    registerOrderReleaseStep(returnPointRedeemUnits);
    provideHomeBlock('point_redeems', (deps, viewer) => homePointRedeems(deps, viewer.area));
  },
};
