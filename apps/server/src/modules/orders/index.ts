/** Orders: generation with the purchase rules, expiry, cancel and delete, completion, shipments. */
import type { ServerModule } from '../../platform/module.ts';
import { orderRoutes } from './routes.ts';
import { orderStaffRoutes } from './staff-routes.ts';
import { orderExpiryJob } from './orders.ts';
import * as tables from './tables.ts';

// Unpaid orders really expire: swept every 30 s (once across instances), and also on every read of orders.
export const ordersModule: ServerModule = { name: 'orders', routes: orderRoutes, staffRoutes: orderStaffRoutes, jobs: [orderExpiryJob], tables, features: ['orders'] };

export { completePaidOrder, type CompletionOutcome } from './completion.ts';
export { expireOrders, listOrders, ownedProductIds } from './orders.ts';
export { completeGrantOrder, findGrantOrder } from './grant-orders.ts';
export { listOwnedLines } from './lines.ts';
export { orderCounts } from './counts.ts';
