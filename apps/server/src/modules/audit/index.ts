/** The audit log of the staff API, for admins to read (the platform writes it: platform/audit.ts). */
import type { ServerModule } from '../../platform/module.ts';
import { auditStaffRoutes } from './staff-routes.ts';

export const auditModule: ServerModule = { name: 'audit', staffRoutes: auditStaffRoutes };
