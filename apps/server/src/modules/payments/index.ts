/** Payments: methods, pay, the gateway's notifications (applied once), pay_query, refunds. */
import type { PeriodicJob, ServerModule } from '../../platform/module.ts';
import { paymentRoutes } from './routes.ts';
import { settlePendingRefunds } from './refunds.ts';
import * as tables from './tables.ts';

/** Money owed back (a late or double payment) is asked for again while the gateway refuses it. */
const refundRetries: PeriodicJob = { name: 'refund retries', everyMs: 60_000, run: (deps) => settlePendingRefunds(deps) };

export const paymentsModule: ServerModule = { name: 'payments', routes: paymentRoutes, jobs: [refundRetries], tables, features: ['payments'] };

export { paymentsOfOrders } from './summary.ts';
