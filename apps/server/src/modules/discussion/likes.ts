import { randomInt } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { likeOutcome, type Area, type LikeState } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { rowsOf } from '../../platform/db/json-rows.ts';
import { COUNTER_SHARDS } from './counters.ts';
import { discussionReactions } from './tables.ts';
import { guardWrite, visibleTarget, type LikeTargetType } from './targets.ts';

export interface TargetView {
  likes_count: number;
  dislikes_count: number;
  comments_count: number;
  like_type: 1 | 2 | null;
}

/** The viewer's like (1) or dislike (2) of each target among ids that has one. */
export async function reactionsOf(db: DbOrTx, accountId: number, type: LikeTargetType, ids: readonly number[]): Promise<Map<number, 1 | 2>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: discussionReactions.targetId, state: discussionReactions.state })
    .from(discussionReactions)
    .where(and(eq(discussionReactions.targetType, type), eq(discussionReactions.accountId, accountId), inArray(discussionReactions.targetId, unique)));
  return new Map(rows.map((r) => [r.id, r.state as 1 | 2]));
}

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

/** A change to a target's counts, as SQL over the write's own CTEs (`changed`). */
export interface CountChange {
  likes: SQL;
  dislikes: SQL;
  comments: SQL;
}

const NO_CHANGE = sql`0`;

/**
 * The select that ends a write's statement and answers the target as the write leaves it, in the same round
 * trip: the shards as the statement's snapshot saw them (a statement never sees its own changes) plus the
 * change it made, `done` (how many rows its `changed` CTE touched) and the writer's state after it.
 */
export const viewAfterWrite = (type: LikeTargetType, id: number, change: CountChange, state: SQL) => sql`
  SELECT (SELECT count(*) FROM changed)::int AS done,
         (s.likes + ${change.likes})::int AS likes, (s.dislikes + ${change.dislikes})::int AS dislikes,
         (s.comments + ${change.comments})::int AS comments, (${state})::int AS state
    FROM (SELECT coalesce(sum(likes), 0) AS likes, coalesce(sum(dislikes), 0) AS dislikes, coalesce(sum(comments), 0) AS comments
            FROM discussion_counters WHERE target_type = ${type} AND target_id = ${id}) s`;

/** The writer's like (1) or dislike (2) of the target, as a scalar subquery for `viewAfterWrite`. */
export const writersState = (type: LikeTargetType, id: number, accountId: number) =>
  sql`SELECT state FROM discussion_reactions WHERE target_type = ${type} AND target_id = ${id} AND account_id = ${accountId}`;

export interface ViewRow {
  done: number;
  likes: number;
  dislikes: number;
  comments: number;
  state: number | null;
}

/** The API's view of a target from a write's answer (counts never below zero). */
export const viewOf = (row: ViewRow): TargetView => ({
  likes_count: Math.max(0, row.likes),
  dislikes_count: Math.max(0, row.dislikes),
  comments_count: Math.max(0, row.comments),
  like_type: (row.state ?? null) as 1 | 2 | null,
});

/**
 * One reaction change with its counter shard and the target's view after it, in one statement: `changed` is
 * the reaction rows it changed; `likes` and `dislikes` what each changed row adds to the counters.
 */
async function changeReaction(db: DbOrTx, type: LikeTargetType, id: number, changed: SQL, likes: SQL, dislikes: SQL, state: SQL): Promise<ViewRow> {
  const [row] = await rowsOf<ViewRow>(db, sql`
    WITH changed AS (${changed}), counted AS (
      INSERT INTO discussion_counters (target_type, target_id, shard, likes, dislikes, comments)
      SELECT ${type}, ${id}, ${randomInt(COUNTER_SHARDS)}, sum(${likes}), sum(${dislikes}), 0 FROM changed HAVING count(*) > 0
      ON CONFLICT (target_type, target_id, shard) DO UPDATE
        SET likes = discussion_counters.likes + excluded.likes, dislikes = discussion_counters.dislikes + excluded.dislikes
    ) ${viewAfterWrite(type, id, {
      likes: sql`coalesce((SELECT sum(${likes}) FROM changed), 0)`,
      dislikes: sql`coalesce((SELECT sum(${dislikes}) FROM changed), 0)`,
      comments: NO_CHANGE,
    }, state)}`);
  return row!;
}

/**
 * Sets the viewer's state on a target (docs/product/community.md#likes): none → like or dislike, switching
 * (both counters move), cancelling; asking again for the state held is refused (400 `account_id: taken`,
 * "you had liked this post").
 *
 * Each change is one statement that changes the reaction row and adds the same change to a counter shard
 * (decisions/0015): an insert of a first reaction (`ON CONFLICT DO NOTHING`), a switch (an UPDATE to the other
 * state — states are 1 and 2, so the old one is known), a cancel (a DELETE answering the state it removed). A
 * statement is atomic, and its row lock orders two requests of the same account, while accounts liking one
 * post at once share nothing but sixteen shard rows. When the row changed between two tries (the account's
 * other tab), the next try sees it.
 */
export async function setLike(deps: Deps, accountId: number, area: Area, type: LikeTargetType, id: number, wanted: LikeState): Promise<TargetView> {
  await visibleTarget(deps, type, id, area, 'accessible_id');
  await guardWrite(deps, accountId, 'like', area);
  const now = deps.clock.now().toISOString();
  const db = deps.db;
  if (wanted === null) {
    // Cancelling: the row removed answers the state it held, which says which counter falls.
    const row = await changeReaction(db, type, id,
      sql`DELETE FROM discussion_reactions WHERE target_type = ${type} AND target_id = ${id} AND account_id = ${accountId} RETURNING state`,
      sql`-(state = 1)::int`, sql`-(state = 2)::int`, sql`NULL`);
    return viewOf(row);
  }
  // The counter moves of each change come from the product rule (docs/product/community.md#likes).
  const first = likeOutcome(null, wanted);
  const switching = likeOutcome(wanted === 1 ? 2 : 1, wanted);
  if (first.kind !== 'change' || switching.kind !== 'change') throw new Error('a change to a like or dislike always moves a counter');
  const held = sql`${wanted}`;
  for (let attempt = 0; attempt < 3; attempt++) {
    const added = await changeReaction(db, type, id,
      sql`INSERT INTO discussion_reactions (target_type, target_id, account_id, state, updated_at)
          VALUES (${type}, ${id}, ${accountId}, ${wanted}, ${now}::timestamptz) ON CONFLICT DO NOTHING RETURNING 1 AS one`,
      sql`${first.plain}::int`, sql`${first.dislike}::int`, held);
    if (added.done > 0) return viewOf(added);
    const switched = await changeReaction(db, type, id,
      sql`UPDATE discussion_reactions SET state = ${wanted}, updated_at = ${now}::timestamptz
           WHERE target_type = ${type} AND target_id = ${id} AND account_id = ${accountId} AND state <> ${wanted} RETURNING 1 AS one`,
      sql`${switching.plain}::int`, sql`${switching.dislike}::int`, held);
    if (switched.done > 0) return viewOf(switched);
    const mine = await reactionsOf(db, accountId, type, [id]);
    if (mine.get(id) === wanted) throw fail.badRequest('account_id', 'taken');
    // Cancelled by the account's other request between our tries: try again.
  }
  throw fail.conflict('account_id', 'taken');
}
