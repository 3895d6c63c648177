/**
 * The forum host's face of the community (docs/product/community.md#forum-surface; decisions/0018): `/community/sku`,
 * `/post`, `/tag`, `/report` and `/forum/integral` answered in the `{ code, data, errorMsg }` envelope with
 * camelCase fields and reply codes. It holds no rule of posts, comments, likes or reports: it composes the
 * community, discussion and moderation modules' services through their index, and sits above them all. Its
 * own feature is points participation (a group's points campaign), paid through accounts' `awardScore`; staff
 * create campaigns.
 */
import type { ServerModule } from '../../platform/module.ts';
import { forumRoutes } from './routes.ts';
import { forumStaffRoutes } from './staff-routes.ts';
import * as tables from './tables.ts';

export const forumModule: ServerModule = { name: 'forum', routes: forumRoutes, staffRoutes: forumStaffRoutes, tables };

export { INTEGRAL_POINTS_REASON } from './integral.ts';
