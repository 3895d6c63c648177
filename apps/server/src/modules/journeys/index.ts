/**
 * Journeys, their tasks and rewards (docs/product/engagement.md#tasks-and-journeys). Above linked-accounts:
 * binding WeChat completes `bind_wechat` tasks through the follow-up provided in `setup`, so linked-accounts
 * never imports this module. Admins define, schedule and close journeys through `staffRoutes` (staff.ts).
 */
import type { ServerModule } from '../../platform/module.ts';
import { provideBindFollowUp } from '../linked-accounts/index.ts';
import { completeBindTasks } from './journeys.ts';
import { journeyRoutes } from './routes.ts';
import { journeyStaffRoutes } from './staff-routes.ts';
import * as tables from './tables.ts';

export const journeysModule: ServerModule = {
  name: 'journeys',
  routes: journeyRoutes,
  staffRoutes: journeyStaffRoutes,
  tables,
  setup: () => {
    provideBindFollowUp('journeys', (deps, accountId, area, kind, journeyTaskIds) =>
      (kind === 'wechat' ? completeBindTasks(deps, accountId, area, journeyTaskIds) : Promise.resolve([])));
  },
};

export { journeyCodeHash } from './journeys.ts';
