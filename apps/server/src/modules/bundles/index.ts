/**
 * Bundle promotions (docs/product/deals.md#bundle-promotions): pick N games of an activity's pool for one
 * price. Above orders: an order is placed through orders' checkout with the bundle price split over its
 * lines as fixed unit prices; orders imports nothing of bundles.
 */
import type { ServerModule } from '../../platform/module.ts';
import { bundleRoutes } from './routes.ts';
import { bundleStaffRoutes } from './staff-routes.ts';
import * as tables from './tables.ts';

export const bundlesModule: ServerModule = { name: 'bundles', routes: bundleRoutes, staffRoutes: bundleStaffRoutes, tables };
