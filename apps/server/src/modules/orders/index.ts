/** Orders: generation with the purchase rules, expiry, cancel and delete, completion, shipments. */
import type { PeriodicJob, ServerModule } from '../../platform/module.ts';
import { orderRoutes } from './routes.ts';
import { orderStaffRoutes } from './staff-routes.ts';
import { expireOrders } from './orders.ts';
import * as tables from './tables.ts';

/** Unpaid orders really expire: swept every 30 s, and also on every read of orders. */
const orderExpiry: PeriodicJob = { name: 'order expiry', everyMs: 30_000, run: (deps) => expireOrders(deps, deps.clock.now()) };

export const ordersModule: ServerModule = { name: 'orders', routes: orderRoutes, staffRoutes: orderStaffRoutes, jobs: [orderExpiry], tables, features: ['orders'] };

export { completePaidOrder, type CompletionOutcome } from './completion.ts';
export { expireOrders, listOrders, ownedProductIds } from './orders.ts';
export { completeGrantOrder, findGrantOrder } from './grant-orders.ts';
export { listOwnedLines } from './lines.ts';
export { orderCounts } from './counts.ts';
