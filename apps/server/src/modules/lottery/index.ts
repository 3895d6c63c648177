/**
 * Lotteries (docs/product/deals.md#lotteries; decisions/0041): activities of weighted prizes with stock, drawn
 * for points, by an order or through a buyer's shared link; every draw re-runnable from the activity's
 * committed seed and its logged nonce. Above accounts (points), coupons, catalog, library and orders (a game
 * prize is a zero-price order, so its key and library entry come by the one fulfilment path).
 */
import type { ServerModule } from '../../platform/module.ts';
import { lotteryRoutes } from './routes.ts';
import { lotteryStaffRoutes } from './staff-routes.ts';
import * as tables from './tables.ts';

export const lotteryModule: ServerModule = {
  name: 'lottery',
  routes: lotteryRoutes,
  staffRoutes: lotteryStaffRoutes,
  tables,
  features: ['lottery'],
};
