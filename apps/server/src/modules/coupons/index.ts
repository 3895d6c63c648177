/** Coupon definitions, claims, and a coupon's use by an order. */
import type { ServerModule } from '../../platform/module.ts';
import { couponRoutes } from './routes.ts';
import { couponStaffRoutes } from './staff-routes.ts';
import * as tables from './tables.ts';

export const couponsModule: ServerModule = { name: 'coupons', routes: couponRoutes, staffRoutes: couponStaffRoutes, tables, features: ['coupons'] };

export { listMine, usableCouponScopes, couponsForLines, useCouponForOrder, releaseCouponsOfOrders, type CouponUseProblem } from './coupons.ts';
export { grantCoupon, couponTitles, heldCouponId, couponAreaOf, type CouponGrantProblem } from './grants.ts';
