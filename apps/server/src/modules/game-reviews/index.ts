/**
 * Steam and Epic reviews, the Steam evaluation and community votes on a game
 * (docs/product/community.md#steam-and-epic-reviews, #votes; decisions/0017). Reviews come from a review
 * source per platform (platform/review-sources.ts) through the periodic import; reads answer from the
 * imported copies. Calls only the catalogue's service.
 */
import type { ServerModule } from '../../platform/module.ts';
import { registerDiscussionTarget } from '../discussion/index.ts';
import { reviewImportJob } from './import.ts';
import { steamReviewTargetFacts } from './reviews.ts';
import { gameReviewRoutes } from './routes.ts';
import { gameReviewStaffRoutes } from './staff-routes.ts';
import * as tables from './tables.ts';

export const gameReviewsModule: ServerModule = {
  name: 'game-reviews',
  routes: gameReviewRoutes,
  staffRoutes: gameReviewStaffRoutes,
  jobs: [reviewImportJob],
  tables,
  // Likes on a Steam review are the discussion module's; it asks this module which reviews exist.
  setup: () => registerDiscussionTarget('SteamReview', { load: steamReviewTargetFacts }),
};

export { steamReviewTargetFacts, steamReviewLikeCounts, type SteamReviewTargetFacts } from './reviews.ts';
export { importPlatformReviews, importReviewApp } from './import.ts';
