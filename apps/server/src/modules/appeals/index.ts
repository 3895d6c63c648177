/**
 * Account appeals (docs/product/engagement.md#appeals, decisions/0044): filing with proofs, the contact's list
 * and detail, staff review, the hold old contacts may deny, and the single-use reset token. Above accounts
 * (the resets and the recovery hold are accounts' exports), library and catalogue (a game bought, as
 * evidence) and uploads (attachments).
 */
import type { ServerModule } from '../../platform/module.ts';
import { appealHoldJob } from './release.ts';
import { appealRoutes } from './routes.ts';
import { appealStaffRoutes } from './staff-routes.ts';
import * as tables from './tables.ts';

export const appealsModule: ServerModule = { name: 'appeals', routes: appealRoutes, staffRoutes: appealStaffRoutes, jobs: [appealHoldJob], tables };

export { releaseHeldAppeals } from './release.ts';
