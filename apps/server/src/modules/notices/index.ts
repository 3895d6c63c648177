/**
 * Notices and version progress (docs/product/notices.md, decisions/0025): the store's announcements per site
 * and the product's versions with their release notes grouped by kind. Depends on no other module.
 */
import type { ServerModule } from '../../platform/module.ts';
import { noticeRoutes } from './routes.ts';
import { noticeStaffRoutes } from './staff-routes.ts';
import * as tables from './tables.ts';

export const noticesModule: ServerModule = { name: 'notices', routes: noticeRoutes, staffRoutes: noticeStaffRoutes, tables };
