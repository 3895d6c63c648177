/** Coupon definitions, claims, and a coupon's use by an order. */
import type { ServerModule } from '../../platform/module.ts';
import { couponRoutes } from './routes.ts';
import { couponStaffRoutes } from './staff-routes.ts';
import * as tables from './tables.ts';
import { provideHomeBlock } from '../storefront/index.ts';
import { homeCouponAreas } from './areas.ts';

export const couponsModule: ServerModule = {
  name: 'coupons',
  routes: couponRoutes,
  staffRoutes: couponStaffRoutes,
  tables,
  features: ['coupons'],
  // Coupons sit beside the storefront, not below it: its home's coupon areas come from here.
  setup: () => provideHomeBlock('coupon_areas', (deps, viewer) => homeCouponAreas(deps, viewer.area)),
};

export { listMine, usableCouponScopes, couponsForLines, useCouponForOrder, releaseCouponsOfOrders, type CouponUseProblem } from './coupons.ts';
export { grantCoupon, couponTitles, heldCouponId, couponAreaOf, type CouponGrantProblem } from './grants.ts';
export { couponsByIds } from './areas.ts';
