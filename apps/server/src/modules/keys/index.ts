/** Keys: pools, import, delivery when an order is paid, the supplier, lists and activation. Sits above orders. */
import type { ServerModule } from '../../platform/module.ts';
import { keyRoutes } from './routes.ts';
import { keyStaffRoutes } from './staff-routes.ts';
import { setupKeys } from './setup.ts';
import { supplierOrdersSettled, supplierRetryJob } from './supplier-orders.ts';
import * as tables from './tables.ts';

// Keys the supplier could not sell at once (or never got asked for) are asked for again on a schedule.
export const keysModule: ServerModule = {
  name: 'keys', routes: keyRoutes, staffRoutes: keyStaffRoutes, jobs: [supplierRetryJob], tables, features: ['keys'], setup: setupKeys, drain: supplierOrdersSettled,
};

export { importKeys, type ImportKeysResult } from './import.ts';
export { parseCodesText } from './codes-file.ts';
export { keyCounts, keysOfSkus } from './lists.ts';
export { openKeyCount, provideKeyHolds, pushKeyArrivals, returnKeysSetAside, setAsideCount, setKeysAside, type KeyHoldSource } from './set-aside.ts';
export { isSupplierSku } from './pool.ts';
