import { eq, sql } from 'drizzle-orm';
import { isPositiveReview } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { PeriodicJob } from '../../platform/jobs.ts';
import { rowsOf } from '../../platform/db/json-rows.ts';
import { communityGroups } from './tables.ts';
import type { PostRow } from './presenter.ts';

type Counted = Pick<PostRow, 'groupId' | 'type' | 'score' | 'recommend'>;

/**
 * Moves a group's counters by one published post or review, in the caller's transaction (the one that
 * publishes, deletes or moves it), so the counters change exactly when the rows they count do
 * (docs/product/community.md#counters). `sign` is +1 when it goes live, -1 when it goes.
 */
export async function countPost(tx: DbOrTx, post: Counted, sign: 1 | -1): Promise<void> {
  const review = post.type === 'Review';
  const scoreColumn = review && post.score !== null ? (`score${post.score}` as 'score1' | 'score2' | 'score3' | 'score4' | 'score5') : null;
  const set: Record<string, unknown> = { postsCount: sql`${communityGroups.postsCount} + ${sign}` };
  if (review) {
    set.reviewsCount = sql`${communityGroups.reviewsCount} + ${sign}`;
    if (isPositiveReview(post.score, post.recommend)) set.positiveCount = sql`${communityGroups.positiveCount} + ${sign}`;
    if (scoreColumn) set[scoreColumn] = sql`${communityGroups[scoreColumn]} + ${sign}`;
  }
  await tx.update(communityGroups).set(set).where(eq(communityGroups.id, post.groupId));
}

/**
 * Recounts every group's counters from the rows they count (memberships, live published posts and
 * reviews) and sets those that differ; answers how many groups changed. Idempotent. The seed counts its
 * demo groups with it once it has written their rows (no drift to report there).
 */
export async function recountGroupCounters(deps: Pick<Deps, 'db'>): Promise<{ repaired: number }> {
  const rows = await rowsOf<{ id: number }>(deps.db, sql`
    WITH truth AS (
      SELECT g.id,
        (SELECT count(*) FROM group_members m WHERE m.group_id = g.id)::int AS users_count,
        coalesce(p.posts_count, 0)::int AS posts_count, coalesce(p.reviews_count, 0)::int AS reviews_count,
        coalesce(p.positive_count, 0)::int AS positive_count,
        coalesce(p.s1, 0)::int AS s1, coalesce(p.s2, 0)::int AS s2, coalesce(p.s3, 0)::int AS s3, coalesce(p.s4, 0)::int AS s4, coalesce(p.s5, 0)::int AS s5
      FROM community_groups g
      LEFT JOIN (
        SELECT group_id, count(*) AS posts_count,
          count(*) FILTER (WHERE type = 'Review') AS reviews_count,
          count(*) FILTER (WHERE type = 'Review' AND (score >= 4 OR (score IS NULL AND recommend))) AS positive_count,
          count(*) FILTER (WHERE type = 'Review' AND score = 1) AS s1, count(*) FILTER (WHERE type = 'Review' AND score = 2) AS s2,
          count(*) FILTER (WHERE type = 'Review' AND score = 3) AS s3, count(*) FILTER (WHERE type = 'Review' AND score = 4) AS s4,
          count(*) FILTER (WHERE type = 'Review' AND score = 5) AS s5
        FROM posts WHERE status = 'published' AND deleted_at IS NULL GROUP BY group_id
      ) p ON p.group_id = g.id
    )
    UPDATE community_groups g SET users_count = t.users_count, posts_count = t.posts_count, reviews_count = t.reviews_count,
      positive_count = t.positive_count, score_1 = t.s1, score_2 = t.s2, score_3 = t.s3, score_4 = t.s4, score_5 = t.s5
    FROM truth t
    WHERE g.id = t.id AND (g.users_count, g.posts_count, g.reviews_count, g.positive_count, g.score_1, g.score_2, g.score_3, g.score_4, g.score_5)
      IS DISTINCT FROM (t.users_count, t.posts_count, t.reviews_count, t.positive_count, t.s1, t.s2, t.s3, t.s4, t.s5)
    RETURNING g.id`);
  return { repaired: rows.length };
}

/** The scheduled repair: a group whose counters differ from a recount drifted, and is said so in the log. */
export async function reconcileGroupCounters(deps: Deps): Promise<{ repaired: number }> {
  const { repaired } = await recountGroupCounters(deps);
  if (repaired > 0) deps.log.warn({ repaired }, 'community group counters drifted and were repaired');
  return { repaired };
}

/** Every 10 minutes, once across all instances (platform/jobs.ts). */
export const reconcileCountersJob: PeriodicJob = { name: 'community-counters', everyMs: 10 * 60_000, run: reconcileGroupCounters };
