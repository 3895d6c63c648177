import { randomInt } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { likeOutcome, type Area, type LikeState } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { addToCounters, countsOf, COUNTER_SHARDS } from './counters.ts';
import { discussionReactions } from './tables.ts';
import { guardWrite, visibleTarget, type DiscussionTargetType } from './targets.ts';

export interface TargetView {
  likes_count: number;
  dislikes_count: number;
  comments_count: number;
  like_type: 1 | 2 | null;
}

/** The viewer's like (1) or dislike (2) of each target among ids that has one. */
export async function reactionsOf(db: DbOrTx, accountId: number, type: DiscussionTargetType, ids: readonly number[]): Promise<Map<number, 1 | 2>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: discussionReactions.targetId, state: discussionReactions.state })
    .from(discussionReactions)
    .where(and(eq(discussionReactions.targetType, type), eq(discussionReactions.accountId, accountId), inArray(discussionReactions.targetId, unique)));
  return new Map(rows.map((r) => [r.id, r.state as 1 | 2]));
}

/** A target's counts and the viewer's state, as the API shows them. */
export async function targetView(db: DbOrTx, type: DiscussionTargetType, id: number, accountId: number | null): Promise<TargetView> {
  const [counts, mine] = await Promise.all([
    countsOf(db, type, [id]),
    accountId === null ? Promise.resolve(new Map<number, 1 | 2>()) : reactionsOf(db, accountId, type, [id]),
  ]);
  const c = counts.get(id)!;
  return { likes_count: c.likes, dislikes_count: c.dislikes, comments_count: c.comments, like_type: mine.get(id) ?? null };
}

/** A target's counts with the viewer's state already known (the one just written). */
async function countsView(db: DbOrTx, type: DiscussionTargetType, id: number, likeType: LikeState): Promise<TargetView> {
  const c = (await countsOf(db, type, [id])).get(id)!;
  return { likes_count: c.likes, dislikes_count: c.dislikes, comments_count: c.comments, like_type: likeType };
}

/**
 * Sets the viewer's state on a target (docs/product/community.md#likes): none → like or dislike, switching
 * (both counters move), cancelling; asking again for the state held is refused as `account_id: taken`.
 * The reaction row and the counter shard change in one transaction; the row lock on the account's reaction
 * orders two requests of the same account, and nothing else is locked, so many accounts liking one post at
 * once do not queue behind each other.
 */
export async function setLike(deps: Deps, accountId: number, area: Area, type: DiscussionTargetType, id: number, wanted: LikeState): Promise<TargetView> {
  await visibleTarget(deps, type, id, area, 'accessible_id');
  await guardWrite(deps, accountId, 'like');
  const now = deps.clock.now();
  if (wanted !== null) {
    // The common case, a first like, is one statement: the reaction row and its counter shard together.
    const added = await firstReaction(deps.db, accountId, type, id, wanted, now);
    if (added) return countsView(deps.db, type, id, wanted);
  }
  let refused = false;
  for (let attempt = 1; ; attempt++) {
    const result = await changeReaction(deps, accountId, type, id, wanted, now);
    if (result !== 'raced') {
      refused = result === 'taken';
      break;
    }
    // The account's own other request inserted its first reaction between our read and our insert: read again.
    if (attempt >= 3) throw fail.conflict('account_id', 'taken');
  }
  // "You had liked this post" (spec §8.1: 400, account_id taken).
  if (refused) throw fail.badRequest('account_id', 'taken');
  return countsView(deps.db, type, id, wanted);
}

/** One attempt at a change under the reaction row's lock; 'raced' when a concurrent insert got there first. */
async function changeReaction(deps: Deps, accountId: number, type: DiscussionTargetType, id: number, wanted: LikeState, now: Date): Promise<'done' | 'taken' | 'raced'> {
  return deps.db.transaction(async (tx) => {
    const key = and(eq(discussionReactions.targetType, type), eq(discussionReactions.targetId, id), eq(discussionReactions.accountId, accountId));
    const [row] = await tx.select({ state: discussionReactions.state }).from(discussionReactions).where(key).for('update');
    const current = (row?.state ?? null) as LikeState;
    const outcome = likeOutcome(current, wanted);
    if (outcome.kind === 'taken') return 'taken';
    if (outcome.kind === 'unchanged') return 'done';
    if (outcome.to === null) await tx.delete(discussionReactions).where(key);
    else if (current !== null) await tx.update(discussionReactions).set({ state: outcome.to, updatedAt: now }).where(key);
    else {
      const inserted = await tx.insert(discussionReactions)
        .values({ targetType: type, targetId: id, accountId, state: outcome.to, updatedAt: now })
        .onConflictDoNothing()
        .returning({ state: discussionReactions.state });
      if (inserted.length === 0) return 'raced';
    }
    await addToCounters(tx, type, id, { likes: outcome.plain, dislikes: outcome.dislike });
    return 'done';
  });
}

/**
 * Inserts the account's first reaction to a target and adds it to a counter shard in one statement (atomic on
 * its own); answers false, changing nothing, when the account already has a reaction there.
 */
async function firstReaction(db: DbOrTx, accountId: number, type: DiscussionTargetType, id: number, state: 1 | 2, now: Date): Promise<boolean> {
  const shard = randomInt(COUNTER_SHARDS);
  const likes = state === 1 ? 1 : 0;
  const dislikes = state === 2 ? 1 : 0;
  const result = await db.execute(sql`
    WITH added AS (
      INSERT INTO discussion_reactions (target_type, target_id, account_id, state, updated_at)
      VALUES (${type}, ${id}, ${accountId}, ${state}, ${now.toISOString()}::timestamptz)
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    INSERT INTO discussion_counters (target_type, target_id, shard, likes, dislikes, comments)
    SELECT ${type}, ${id}, ${shard}, ${likes}, ${dislikes}, 0 FROM added
    ON CONFLICT (target_type, target_id, shard) DO UPDATE
      SET likes = discussion_counters.likes + excluded.likes, dislikes = discussion_counters.dislikes + excluded.dislikes
    RETURNING 1 AS done`);
  return ((result as unknown as { rows: unknown[] }).rows).length > 0;
}
