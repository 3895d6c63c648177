import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { likeOutcome, type LikeState } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';
import { fail, type AppError } from '../../platform/errors.ts';
import { PreparedSql, slot } from '../../platform/db/prepared.ts';
import { COUNTER_SHARDS } from './counters.ts';
import type { LikeTargetType } from './targets.ts';
import { countedAndViewed, NO_CHANGE, PreparedWrite, writersState, type ViewRow } from './write-statement.ts';

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
 * service clock's.
 */
export async function writeReaction(db: DbOrTx, ask: ReactionWanted, now: Date): Promise<ViewRow> {
  const { accountId, type, id, wanted } = ask;
  if (wanted === null) return cancelStatement.run(db, type, id, { account: accountId });
  const { first, switching } = changesTo(wanted);
  for (let attempt = 0; attempt < 3; attempt++) {
    const added = await addStatement.run(db, type, id, { account: accountId, wanted, now, plain: first.plain, dislike: first.dislike });
    if (added.done > 0) return added;
    refuseIfHeld(added, wanted);
    const switched = await switchStatement.run(db, type, id, { account: accountId, wanted, now, plain: switching.plain, dislike: switching.dislike });
    if (switched.done > 0) return switched;
    refuseIfHeld(switched, wanted);
    // Cancelled by the account's other request between our tries: try again.
  }
  throw fail.conflict('account_id', 'taken');
}

/**
 * The counter moves of the two changes to a like or dislike, from the product rule (docs/product/community.md#likes):
 * a first reaction, and a switch from the other state.
 */
function changesTo(wanted: 1 | 2) {
  const first = likeOutcome(null, wanted);
  const switching = likeOutcome(wanted === 1 ? 2 : 1, wanted);
  if (first.kind !== 'change' || switching.kind !== 'change') throw new Error('a change to a like or dislike always moves a counter');
  return { first, switching };
}

/**
 * The reactions of several writers on one target — each account once — in one statement (decisions/0015, "A hot
 * post's likes"): the same three writes as `writeReaction`, each on the rows it applies to (a cancel deletes, a
 * first reaction inserts, a switch updates the other state), every change added to one counter shard, the target
 * marked dirty once, in one atomic statement with one commit. Each writer is answered as by `writeReaction`: its
 * row (the target's counts after the whole statement, its state after it), or the refusal of asking for the state
 * its snapshot held (400 `account_id: taken`), or null — the account's other request changed its reaction between
 * the statement's snapshot and its write, so nothing of its was written: write it alone, which tries again.
 */
export async function writeReactionsTogether(db: DbOrTx, type: LikeTargetType, id: number, asks: readonly ReactionWanted[], now: Date): Promise<(ViewRow | AppError | null)[]> {
  const asked = asks.map((ask, ord) => {
    if (ask.wanted === null) return { ord, account_id: ask.accountId, wanted: 0 };
    const { first, switching } = changesTo(ask.wanted);
    return { ord, account_id: ask.accountId, wanted: ask.wanted, add_likes: first.plain, add_dislikes: first.dislike, switch_likes: switching.plain, switch_dislikes: switching.dislike };
  });
  const rows = await togetherStatement.rows<ViewRow & { ord: number; before: number | null }>(db, { type, id, shard: randomInt(COUNTER_SHARDS), now, asked: JSON.stringify(asked) });
  const byOrd = new Map(rows.map((row) => [row.ord, row]));
  return asks.map((ask, ord) => {
    const row = byOrd.get(ord)!;
    if (ask.wanted === null || row.done > 0) return row;
    if (likeOutcome(row.before as LikeState, ask.wanted).kind === 'taken') return fail.badRequest('account_id', 'taken');
    return null;
  });
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

/**
 * The writes of several writers of one target in one statement. `asked` is a JSON array of the writers: `ord`,
 * `account_id`, `wanted` (0 to cancel) and the counter moves of a first reaction and of a switch. `held` is what
 * the statement's snapshot holds of each; the three writes each take the writers they apply to, and `changed` is
 * one row per writer whose write happened, with its counter moves — the tail (write-statement.ts) adds them to
 * one shard and marks the target. A writer whose row changed after the snapshot (another request of the account,
 * committed meanwhile) is matched by no write: `done` 0 with the state the snapshot held.
 */
const togetherStatement = new PreparedSql<{ type: LikeTargetType; id: number; shard: number; now: Date; asked: string }>('discussion_like_together', () => sql`
  WITH asked AS (
    SELECT * FROM jsonb_to_recordset(${slot('asked')}::jsonb)
      AS asked(ord int, account_id bigint, wanted int, add_likes int, add_dislikes int, switch_likes int, switch_dislikes int)
  ), held AS (
    SELECT a.*, r.state AS before
      FROM asked a LEFT JOIN discussion_reactions r
        ON r.target_type = ${target.type}::text AND r.target_id = ${target.id}::bigint AND r.account_id = a.account_id
  ), cancelled AS (
    DELETE FROM discussion_reactions r USING asked a
     WHERE a.wanted = 0 AND r.target_type = ${target.type}::text AND r.target_id = ${target.id}::bigint AND r.account_id = a.account_id
    RETURNING a.ord, -(r.state = 1)::int AS likes, -(r.state = 2)::int AS dislikes
  ), added AS (
    INSERT INTO discussion_reactions (target_type, target_id, account_id, state, updated_at)
    SELECT ${target.type}::text, ${target.id}::bigint, account_id, wanted, ${slot('now')}::timestamptz FROM held WHERE wanted <> 0 AND before IS NULL
    ON CONFLICT DO NOTHING RETURNING account_id
  ), switched AS (
    UPDATE discussion_reactions r SET state = h.wanted, updated_at = ${slot('now')}::timestamptz
      FROM held h
     WHERE h.wanted <> 0 AND h.before IS NOT NULL AND h.before <> h.wanted
       AND r.target_type = ${target.type}::text AND r.target_id = ${target.id}::bigint AND r.account_id = h.account_id AND r.state <> h.wanted
    RETURNING h.ord, h.switch_likes AS likes, h.switch_dislikes AS dislikes
  ), changed AS (
    SELECT ord, likes, dislikes FROM cancelled
    UNION ALL SELECT h.ord, h.add_likes, h.add_dislikes FROM added JOIN held h USING (account_id)
    UNION ALL SELECT ord, likes, dislikes FROM switched
  ) ${countedAndViewed(target.type, target.id, { likes: sql`likes`, dislikes: sql`dislikes`, comments: NO_CHANGE }, sql`NULL`, slot('shard'))}
  SELECT h.ord, (c.ord IS NOT NULL)::int AS done, v.likes, v.dislikes, v.comments, h.before,
         (CASE WHEN h.wanted = 0 THEN NULL WHEN c.ord IS NULL THEN h.before ELSE h.wanted END)::int AS state
    FROM held h LEFT JOIN changed c USING (ord) CROSS JOIN view v
   ORDER BY h.ord`);
