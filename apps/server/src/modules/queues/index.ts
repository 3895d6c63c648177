/**
 * Exploring queues (docs/product/deals.md#exploring-queues): look through a queue of games, then complete
 * it for a reward (points through accounts, or a coupon through coupons), once per account and queue.
 * Also the edition preview the queue page shows, answered from the catalogue's services.
 */
import type { ServerModule } from '../../platform/module.ts';
import { queueRoutes } from './routes.ts';
import { queueStaffRoutes } from './staff-routes.ts';
import * as tables from './tables.ts';

export const queuesModule: ServerModule = { name: 'queues', routes: queueRoutes, staffRoutes: queueStaffRoutes, tables };
