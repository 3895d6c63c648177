/**
 * The community (docs/product/community.md): groups per game, posts and reviews with drafts, tags,
 * subjects and search, and the one sanitiser of rich text. Above the catalogue, accounts and the library,
 * which it calls for games, bylines, playtime and "bought here" (decisions/0016).
 */
import type { ServerModule } from '../../platform/module.ts';
import { registerDiscussionTarget } from '../discussion/index.ts';
import { registerModeratedContent } from '../moderation/index.ts';
import { registerUploadUse } from '../uploads/index.ts';
import { registerCollectable } from '../collections/index.ts';
import { registerSharePreview } from '../share/index.ts';
import { provideModeratedGroups } from '../accounts/index.ts';
import { moderatedGroupsOfMany } from './moderators.ts';
import { communityStaffRoutes } from './staff-routes.ts';
import { postCollectable, postDiscussionTarget, postModeration, postPreview, postsUseUpload } from './targets.ts';
import { reconcileCountersJob } from './counters.ts';
import { communityRoutes } from './routes.ts';
import * as tables from './tables.ts';

export const communityModule: ServerModule = {
  name: 'community',
  routes: communityRoutes,
  staffRoutes: communityStaffRoutes,
  jobs: [reconcileCountersJob],
  tables,
  features: ['community'],
  // Comments and likes on posts are the discussion module's; reports on them moderation's.
  setup: () => {
    registerDiscussionTarget('Post', postDiscussionTarget);
    registerModeratedContent('post', postModeration);
    registerUploadUse('community', postsUseUpload);
    registerCollectable('Post', postCollectable);
    registerSharePreview('Post', postPreview);
    // Who moderates which group (decisions/0043): GET /api/me and moderation's calls ask through accounts' hook.
    provideModeratedGroups(moderatedGroupsOfMany);
  },
};

export { guardCommunityWrite, postCounts, type CommunityWriteAction, type PostCounts } from './guard.ts';
export { sanitizeRichText, plainTextOf, mentionedIds } from './sanitize.ts';
export { keepOwnImages } from './own-images.ts';
export { reconcileGroupCounters, recountGroupCounters } from './counters.ts';

/** The services the forum host's face answers from (the forum module; decisions/0018). */
export { getPost, listPosts, deletePost, ownReview, publishedTimesOf, type PostFilter } from './posts.ts';
export { listGroups, groupEvaluation, findGroup, joinedGroupIds } from './groups.ts';
export { postTagList } from './lookups.ts';
export { sitemapPosts } from './sitemap-posts.ts';
