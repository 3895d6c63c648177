/**
 * Discussion (docs/product/community.md#comments; decisions/0015): comments, replies, likes and dislikes on any
 * target another module registers (posts, Steam reviews, headlines, talks), with counters that stay exact under
 * concurrency without a hot row. Above accounts (authors, @mentions) and moderation (asked before every write); the
 * modules that own targets sit above it and register their loaders from their `setup`.
 */
import type { Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { ServerModule } from '../../platform/module.ts';
import { commentLikeTarget } from './comments.ts';
import { countsOf, fullSweepJob, reconcileCountersJob } from './counters.ts';
import { commentModeration } from './comment-states.ts';
import { registerModeratedContent } from '../moderation/index.ts';
import { batchedReactionsOf } from './viewer-reactions.ts';
import { discussionRoutes } from './routes.ts';
import * as tables from './tables.ts';
import { loadTargets, registerDiscussionTarget, seenOn, type LikeTargetType } from './targets.ts';

export const discussionModule: ServerModule = {
  name: 'discussion',
  routes: discussionRoutes,
  jobs: [reconcileCountersJob, fullSweepJob],
  tables,
  // Comments and replies are liked like any target (the forum host's reply likes; decisions/0018); reports and
  // approvals of them (type `comment`) act through this module (decisions/0020).
  setup: () => {
    registerDiscussionTarget('Comment', commentLikeTarget);
    registerModeratedContent('comment', commentModeration);
  },
};

export {
  registerDiscussionTarget,
  type DiscussionTarget, type DiscussionTargetFacts, type DiscussionTargetType, type DiscussionWriteAction, type LikeTargetType,
} from './targets.ts';
export { registerReachGuard, hiddenAuthors, type ReachGuard } from './reach-guard.ts';
export { reconcileCounters, reconcileDirtyCounters, findDrift, COUNTER_SHARDS, type Drift } from './counters.ts';

/** Likes, dislikes and comments (with replies) of each target among ids; zeros for one never touched. */
export function discussionCounts(deps: Deps, type: LikeTargetType, ids: readonly number[]): Promise<Map<number, { likes: number; dislikes: number; comments: number }>> {
  return countsOf(deps.db, type, ids);
}

/** The targets among ids that are live and seen on the site (gone, hidden, other-site and unregistered ones left out). */
export async function visibleTargetIds(deps: Deps, type: LikeTargetType, ids: readonly number[], area: Area): Promise<number[]> {
  const facts = await loadTargets(deps, type, ids);
  return [...new Set(ids)].filter((id) => { const f = facts.get(id); return f !== undefined && seenOn(f, area); });
}

/** The account's like (1) or dislike (2) of each target among ids that has one. */
export function viewerReactions(deps: Deps, accountId: number, type: LikeTargetType, ids: readonly number[]): Promise<Map<number, 1 | 2>> {
  return batchedReactionsOf(deps.db, accountId, type, ids);
}

/**
 * The services behind the routes, for the forum-host face (`/post/{id}/like`, `/post/{id}/reply`…) to answer
 * from the same code: its 302 is `commentable: locked`, its 303 `commentary_id` / `comment: not_found`.
 */
export { setLike, targetView, type TargetView } from './likes.ts';
export { createComment, listComments, listReplies, deleteComment, listAccountComments, commentTargetOf, unseenCommentCounts, type NewComment } from './comments.ts';
