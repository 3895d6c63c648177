/** Redeem codes: a game, a coupon or points, once per code. */
import type { ServerModule } from '../../platform/module.ts';
import { redeemRoutes } from './routes.ts';
import { redeemStaffRoutes } from './staff-routes.ts';
import * as tables from './tables.ts';

export const redeemModule: ServerModule = { name: 'redeem', routes: redeemRoutes, staffRoutes: redeemStaffRoutes, tables, features: ['redeem'] };

export { issueRedeemCodes } from './issue.ts';
