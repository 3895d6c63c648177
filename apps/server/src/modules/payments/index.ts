/** Payments: methods, pay, the gateway's notifications, pay_query, refunds. Sits above orders and calls down. */
import type { ServerModule } from '../../platform/module.ts';
import { paymentRoutes } from './routes.ts';
import { refundRetryJob } from './refunds.ts';
import { setupPayments } from './setup.ts';
import * as tables from './tables.ts';

// Money owed back (a late or double payment) is asked for again while the gateway refuses it.
export const paymentsModule: ServerModule = { name: 'payments', routes: paymentRoutes, jobs: [refundRetryJob], tables, features: ['payments'], setup: setupPayments };

