/** Payments: methods, pay, the gateway's notifications (applied once), pay_query, refunds. */
import type { ServerModule } from '../../platform/module.ts';
import { paymentRoutes } from './routes.ts';
import { refundRetryJob } from './refunds.ts';
import * as tables from './tables.ts';

// Money owed back (a late or double payment) is asked for again while the gateway refuses it.
export const paymentsModule: ServerModule = { name: 'payments', routes: paymentRoutes, jobs: [refundRetryJob], tables, features: ['payments'] };

export { paymentsOfOrders } from './summary.ts';
