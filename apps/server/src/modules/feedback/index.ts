/**
 * Feedback (docs/product/notices.md#feedback, decisions/0025): members tell the store what went wrong or what
 * they wish for, with screenshots from the uploads module; staff answer from an inbox. Above accounts and
 * uploads (it checks screenshots are the writer's own uploads, and registers its use of them).
 */
import type { ServerModule } from '../../platform/module.ts';
import { registerUploadUse } from '../uploads/index.ts';
import { feedbackUsesUpload } from './feedbacks.ts';
import { feedbackRoutes } from './routes.ts';
import { feedbackStaffRoutes } from './staff-routes.ts';
import * as tables from './tables.ts';

export const feedbackModule: ServerModule = {
  name: 'feedback',
  routes: feedbackRoutes,
  staffRoutes: feedbackStaffRoutes,
  tables,
  setup: () => registerUploadUse('feedback', feedbackUsesUpload),
};
