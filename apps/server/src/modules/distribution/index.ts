/**
 * Distribution, the affiliate programme (docs/product/distribution.md). Above accounts, catalog and orders: an
 * order is attributed by orders' placed-order step, its commission earned by a fulfilment step, canceled by a
 * release step (ended unpaid) or a paid-cancel step (refunded), all provided in `setup`, so orders never imports
 * this module. The `commission payout` job credits held commissions to the sharers' wallets (payout.ts).
 */
import type { ServerModule } from '../../platform/module.ts';
import { registerFulfilmentStep, registerOrderPlacedStep, registerOrderReleaseStep, registerPaidOrderCancelStep } from '../orders/index.ts';
import { attributeOrderStep, commissionEarnedStep, commissionRefundStep, commissionReleaseStep } from './attribution.ts';
import { commissionPayoutJob } from './payout.ts';
import { distributionRoutes } from './routes.ts';
import { distributionStaffRoutes } from './staff-routes.ts';
import * as tables from './tables.ts';

export const distributionModule: ServerModule = {
  name: 'distribution',
  routes: distributionRoutes,
  staffRoutes: distributionStaffRoutes,
  jobs: [commissionPayoutJob],
  tables,
  setup: () => {
    registerOrderPlacedStep(attributeOrderStep);
    registerFulfilmentStep(commissionEarnedStep);
    registerOrderReleaseStep(commissionReleaseStep);
    registerPaidOrderCancelStep(commissionRefundStep);
  },
};

export { distributionCodeOf } from './codes.ts';
export { payDueCommissions } from './payout.ts';
