import { sql } from 'drizzle-orm';
import { likeOutcome, type LikeState } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import { slot } from '../../platform/db/prepared.ts';
import type { LikeTargetType } from './targets.ts';
import { NO_CHANGE, PreparedWrite, writersState, type ViewRow } from './write-statement.ts';

/** A writer's state wanted on a target (null: none). */
export interface ReactionWanted {
  accountId: number;
  type: LikeTargetType;
  id: number;
  wanted: LikeState;
}

/**
 * Sets the writer's state on a target (docs/product/community.md#likes): none → like or dislike, switching
 * (both counters move), cancelling; asking again for the state held is refused (400 `account_id: taken`,
 * "you had liked this post").
 *
 * Each change is one statement that changes the reaction row, adds the same change to a counter shard, marks
 * the target dirty and answers the target's counts after it (decisions/0015): an insert of a first reaction
 * (`ON CONFLICT DO NOTHING`), a switch (an UPDATE to the other state — states are 1 and 2, so the old one is
 * known), a cancel (a DELETE answering the state it removed). A statement is atomic, and its row lock orders
 * two requests of the same account, while accounts liking one post at once share nothing but sixteen shard
 * rows. A statement that changed nothing answers the state its snapshot held: the state wanted is "already
 * liked"; another (the account's other tab moved it between our tries) is tried again. `now` is the
 * service clock's; `shard`: see `PreparedWrite.run`.
 */
export async function writeReaction(db: DbOrTx, ask: ReactionWanted, now: Date, shard?: number): Promise<ViewRow> {
  const { accountId, type, id, wanted } = ask;
  if (wanted === null) return cancelStatement.run(db, type, id, { account: accountId }, shard);
  // The counter moves of each change come from the product rule (docs/product/community.md#likes).
  const first = likeOutcome(null, wanted);
  const switching = likeOutcome(wanted === 1 ? 2 : 1, wanted);
  if (first.kind !== 'change' || switching.kind !== 'change') throw new Error('a change to a like or dislike always moves a counter');
  for (let attempt = 0; attempt < 3; attempt++) {
    const added = await addStatement.run(db, type, id, { account: accountId, wanted, now, plain: first.plain, dislike: first.dislike }, shard);
    if (added.done > 0) return added;
    refuseIfHeld(added, wanted);
    const switched = await switchStatement.run(db, type, id, { account: accountId, wanted, now, plain: switching.plain, dislike: switching.dislike }, shard);
    if (switched.done > 0) return switched;
    refuseIfHeld(switched, wanted);
    // Cancelled by the account's other request between our tries: try again.
  }
  throw fail.conflict('account_id', 'taken');
}

/** The refusal of asking again for the state held (the product rule `likeOutcome`): 400 `account_id: taken`. */
function refuseIfHeld(row: ViewRow, wanted: LikeState): void {
  if (likeOutcome(row.state as LikeState, wanted).kind === 'taken') throw fail.badRequest('account_id', 'taken');
}

// The three writes of a reaction, each one prepared statement (write-statement.ts) over the slots `type`, `id`
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
