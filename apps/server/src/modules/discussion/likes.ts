import { sql } from 'drizzle-orm';
import { likeOutcome, type Area, type LikeState } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { rowsOf } from '../../platform/db/json-rows.ts';
import { tellOfLike } from './notices.ts';
import { guardWrite, visibleTarget, type LikeTargetType } from './targets.ts';
import { slot } from '../../platform/db/prepared.ts';
import { NO_CHANGE, PreparedWrite, viewOf, writersState, type TargetView } from './write-statement.ts';

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
  await guardWrite(deps, accountId, 'like');
  const db = deps.db;
  if (wanted === null) return viewOf(await cancelStatement.run(db, type, id, { account: accountId }));
  // The counter moves of each change come from the product rule (docs/product/community.md#likes).
  const first = likeOutcome(null, wanted);
  const switching = likeOutcome(wanted === 1 ? 2 : 1, wanted);
  if (first.kind !== 'change' || switching.kind !== 'change') throw new Error('a change to a like or dislike always moves a counter');
  const now = deps.clock.now();
  for (let attempt = 0; attempt < 3; attempt++) {
    const added = await addStatement.run(db, type, id, { account: accountId, wanted, now, plain: first.plain, dislike: first.dislike });
    if (added.done > 0) {
      if (wanted === 1) await tellOfLike(deps, accountId, type, id, facts.authorId);
      return viewOf(added);
    }
    if (added.state === wanted) throw fail.badRequest('account_id', 'taken');
    const switched = await switchStatement.run(db, type, id, { account: accountId, wanted, now, plain: switching.plain, dislike: switching.dislike });
    if (switched.done > 0) {
      if (wanted === 1) await tellOfLike(deps, accountId, type, id, facts.authorId);
      return viewOf(switched);
    }
    if (switched.state === wanted) throw fail.badRequest('account_id', 'taken');
    // Cancelled by the account's other request between our tries: try again.
  }
  throw fail.conflict('account_id', 'taken');
}

// The three writes of setLike, each one prepared statement (write-statement.ts) over the slots `type`, `id`
// (the target), `account` (the writer) and, to like or dislike, `wanted` (1 or 2), `now`, and the counter
// moves `plain` and `dislike` the product rule gives for the change.
const target = { type: slot('type'), id: slot('id'), account: slot('account') };

/** Cancelling: the row removed answers the state it held, which says which counter falls. */
const cancelStatement = new PreparedWrite<{ account: number }>('discussion_like_cancel',
  sql`DELETE FROM discussion_reactions WHERE target_type = ${target.type}::text AND target_id = ${target.id}::bigint AND account_id = ${target.account}::bigint RETURNING state`,
  { likes: sql`-(state = 1)::int`, dislikes: sql`-(state = 2)::int`, comments: NO_CHANGE }, sql`NULL`);

type ChangeValues = {
  account: number;
  wanted: 1 | 2;
  now: Date;
  plain: number;
  dislike: number;
};
const moves = { likes: sql`${slot('plain')}::int`, dislikes: sql`${slot('dislike')}::int`, comments: NO_CHANGE };
/** After a change, the state wanted; after none, the one the snapshot held. */
const stateAfter = sql`CASE WHEN EXISTS (SELECT 1 FROM changed) THEN ${slot('wanted')}::int ELSE (${writersState(target.type, target.id, target.account)}) END`;

/** A first reaction: inserted unless the account already has one. */
const addStatement = new PreparedWrite<ChangeValues>('discussion_like_add',
  sql`INSERT INTO discussion_reactions (target_type, target_id, account_id, state, updated_at)
      VALUES (${target.type}::text, ${target.id}::bigint, ${target.account}::bigint, ${slot('wanted')}::int, ${slot('now')}::timestamptz)
      ON CONFLICT DO NOTHING RETURNING 1 AS one`,
  moves, stateAfter);

/** A switch: states are 1 and 2, so the row holding the other one is the one to change. */
const switchStatement = new PreparedWrite<ChangeValues>('discussion_like_switch',
  sql`UPDATE discussion_reactions SET state = ${slot('wanted')}::int, updated_at = ${slot('now')}::timestamptz
       WHERE target_type = ${target.type}::text AND target_id = ${target.id}::bigint AND account_id = ${target.account}::bigint AND state <> ${slot('wanted')}::int RETURNING 1 AS one`,
  moves, stateAfter);
