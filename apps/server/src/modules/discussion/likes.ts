import { sql } from 'drizzle-orm';
import { likeOutcome, type Area, type LikeState } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { rowsOf } from '../../platform/db/json-rows.ts';
import { tellOfLike } from './notices.ts';
import { guardWrite, visibleTarget, type LikeTargetType } from './targets.ts';
import { NO_CHANGE, viewOf, writeAndView, writersState, type TargetView } from './write-statement.ts';

export type { TargetView } from './write-statement.ts';

/** A target's counts (its shards summed, never below zero) and the viewer's state, in one statement. */
export async function targetView(db: DbOrTx, type: LikeTargetType, id: number, accountId: number | null): Promise<TargetView> {
  const [row] = await rowsOf<{ likes: number; dislikes: number; comments: number; state: number | null }>(db, sql`
    SELECT coalesce(sum(likes), 0)::int AS likes, coalesce(sum(dislikes), 0)::int AS dislikes, coalesce(sum(comments), 0)::int AS comments,
           (SELECT state FROM discussion_reactions WHERE target_type = ${type} AND target_id = ${id} AND account_id = ${accountId ?? 0})::int AS state
      FROM discussion_counters WHERE target_type = ${type} AND target_id = ${id}`);
  return {
    likes_count: Math.max(0, row?.likes ?? 0),
    dislikes_count: Math.max(0, row?.dislikes ?? 0),
    comments_count: Math.max(0, row?.comments ?? 0),
    like_type: accountId === null ? null : ((row?.state ?? null) as 1 | 2 | null),
  };
}

/**
 * Sets the viewer's state on a target (docs/product/community.md#likes): none → like or dislike, switching
 * (both counters move), cancelling; asking again for the state held is refused (400 `account_id: taken`,
 * "you had liked this post").
 *
 * Each change is one statement that changes the reaction row, adds the same change to a counter shard, marks
 * the target dirty and answers the target's counts after it (decisions/0015): an insert of a first reaction
 * (`ON CONFLICT DO NOTHING`), a switch (an UPDATE to the other state — states are 1 and 2, so the old one is
 * known), a cancel (a DELETE answering the state it removed). A statement is atomic, and its row lock orders
 * two requests of the same account, while accounts liking one post at once share nothing but sixteen shard
 * rows. A statement that changed nothing answers the state its snapshot held: the state wanted is "already
 * liked"; another (the account's other tab moved it between our tries) is tried again.
 */
export async function setLike(deps: Deps, accountId: number, area: Area, type: LikeTargetType, id: number, wanted: LikeState): Promise<TargetView> {
  const facts = await visibleTarget(deps, type, id, area, 'accessible_id');
  await guardWrite(deps, accountId, 'like', area);
  const now = deps.clock.now().toISOString();
  const db = deps.db;
  if (wanted === null) {
    // Cancelling: the row removed answers the state it held, which says which counter falls.
    const row = await writeAndView(db, type, id,
      sql`DELETE FROM discussion_reactions WHERE target_type = ${type} AND target_id = ${id} AND account_id = ${accountId} RETURNING state`,
      { likes: sql`-(state = 1)::int`, dislikes: sql`-(state = 2)::int`, comments: NO_CHANGE }, sql`NULL`);
    return viewOf(row);
  }
  // The counter moves of each change come from the product rule (docs/product/community.md#likes).
  const first = likeOutcome(null, wanted);
  const switching = likeOutcome(wanted === 1 ? 2 : 1, wanted);
  if (first.kind !== 'change' || switching.kind !== 'change') throw new Error('a change to a like or dislike always moves a counter');
  // After a change, the state wanted; after none, the one the snapshot held.
  const state = sql`CASE WHEN EXISTS (SELECT 1 FROM changed) THEN ${wanted}::int ELSE (${writersState(type, id, accountId)}) END`;
  for (let attempt = 0; attempt < 3; attempt++) {
    const added = await writeAndView(db, type, id,
      sql`INSERT INTO discussion_reactions (target_type, target_id, account_id, state, updated_at)
          VALUES (${type}, ${id}, ${accountId}, ${wanted}, ${now}::timestamptz) ON CONFLICT DO NOTHING RETURNING 1 AS one`,
      { likes: sql`${first.plain}::int`, dislikes: sql`${first.dislike}::int`, comments: NO_CHANGE }, state);
    if (added.done > 0) {
      if (wanted === 1) await tellOfLike(deps, accountId, type, id, facts.authorId);
      return viewOf(added);
    }
    if (added.state === wanted) throw fail.badRequest('account_id', 'taken');
    const switched = await writeAndView(db, type, id,
      sql`UPDATE discussion_reactions SET state = ${wanted}, updated_at = ${now}::timestamptz
           WHERE target_type = ${type} AND target_id = ${id} AND account_id = ${accountId} AND state <> ${wanted} RETURNING 1 AS one`,
      { likes: sql`${switching.plain}::int`, dislikes: sql`${switching.dislike}::int`, comments: NO_CHANGE }, state);
    if (switched.done > 0) {
      if (wanted === 1) await tellOfLike(deps, accountId, type, id, facts.authorId);
      return viewOf(switched);
    }
    if (switched.state === wanted) throw fail.badRequest('account_id', 'taken');
    // Cancelled by the account's other request between our tries: try again.
  }
  throw fail.conflict('account_id', 'taken');
}
