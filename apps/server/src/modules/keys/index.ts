/** Keys: pools, import, delivery on payment, waiting lines filled on import, activation. */
import type { ServerModule } from '../../platform/module.ts';
import { keyRoutes } from './routes.ts';
import { keyStaffRoutes } from './staff-routes.ts';
import * as tables from './tables.ts';

export const keysModule: ServerModule = { name: 'keys', routes: keyRoutes, staffRoutes: keyStaffRoutes, tables, features: ['keys'] };

export { deliverOrderKeys, KEYED_KINDS, type PaidLine } from './delivery.ts';
export { keyCounts, keysOfLines, keysOfSkus, type LineKeys } from './lists.ts';
export { importKeys, type ImportKeysResult } from './import.ts';
