import { randomInt } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { PreparedSql, slot, type Bindable } from '../../platform/db/prepared.ts';
import { COUNTER_SHARDS } from './counters.ts';
import type { LikeTargetType } from './targets.ts';

/**
 * The tail every discussion write statement ends with (decisions/0015, "Round trips"): after the write's own
 * CTEs, whose last is `changed` (the rows it changed), the same change added to one counter shard, the
 * target marked dirty (decisions/0020), and the target's counts as the write leaves them — all in the
 * write's one statement, so a write answers its view without a read of its own.
 */

/** A target's counts and the viewer's like (1), dislike (2) or neither, as the API answers them. */
export interface TargetView {
  likes_count: number;
  dislikes_count: number;
  comments_count: number;
  like_type: 1 | 2 | null;
}

/** What each row `changed` answers adds to the target's counts, as SQL over its columns (summed). */
export interface CountChange {
  likes: SQL;
  dislikes: SQL;
  comments: SQL;
}

export const NO_CHANGE = sql`0`;

/** The writer's like (1) or dislike (2) of the target as the statement's snapshot saw it, a scalar subquery. */
export const writersState = (type: Bindable<LikeTargetType>, id: Bindable<number>, accountId: Bindable<number>) =>
  sql`SELECT state FROM discussion_reactions WHERE target_type = ${type}::text AND target_id = ${id}::bigint AND account_id = ${accountId}::bigint`;

/**
 * `, delta AS …, counted AS …, dirty AS …, view AS …` after a write's `changed` CTE. `delta` sums `change`
 * over the changed rows; the shard and the mark are written only when it is not zero (a change that did not
 * happen, a comment held for approval, one whose comment is hidden: nothing counted, nothing marked). `view`
 * is one row: `done` (how many rows `changed` answers), the counts — the shards as the statement's snapshot
 * saw them (a statement never sees its own changes) plus `delta` — and `state`, the writer's state after it.
 */
export const countedAndViewed = (type: Bindable<LikeTargetType>, id: Bindable<number>, change: CountChange, state: SQL, shard: Bindable<number> = randomInt(COUNTER_SHARDS)) => sql`,
  delta AS (
    SELECT coalesce(sum(${change.likes}), 0)::int AS likes, coalesce(sum(${change.dislikes}), 0)::int AS dislikes,
           coalesce(sum(${change.comments}), 0)::int AS comments, count(*)::int AS done
      FROM changed
  ), counted AS (
    INSERT INTO discussion_counters (target_type, target_id, shard, likes, dislikes, comments)
    SELECT ${type}::text, ${id}::bigint, ${shard}::int, likes, dislikes, comments FROM delta
     WHERE likes <> 0 OR dislikes <> 0 OR comments <> 0
    ON CONFLICT (target_type, target_id, shard) DO UPDATE
      SET likes = discussion_counters.likes + excluded.likes, dislikes = discussion_counters.dislikes + excluded.dislikes,
          comments = discussion_counters.comments + excluded.comments
    RETURNING 1
  ), dirty AS (
    INSERT INTO discussion_dirty_targets (target_type, target_id) SELECT ${type}::text, ${id}::bigint FROM counted ON CONFLICT DO NOTHING
  ), view AS (
    SELECT d.done, (s.likes + d.likes)::int AS likes, (s.dislikes + d.dislikes)::int AS dislikes, (s.comments + d.comments)::int AS comments,
           (${state})::int AS state
      FROM delta d,
           (SELECT coalesce(sum(likes), 0) AS likes, coalesce(sum(dislikes), 0) AS dislikes, coalesce(sum(comments), 0) AS comments
              FROM discussion_counters WHERE target_type = ${type}::text AND target_id = ${id}::bigint) s
  )`;

/** The `view` row of a write's answer. */
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

/** What every prepared write is run with: its target, and the counter shard its change goes to. */
export interface TargetSlots {
  type: LikeTargetType;
  id: number;
  shard: number;
}

/**
 * A write whose `changed` CTE is all it does, with its tail, prepared once (platform/db/prepared.ts): the target
 * and the shard are the slots `type`, `id` and `shard`, and `changed`, `change` and `state` may use slots of
 * their own. Likes run on every tap of a hot post: built once and planned once per connection, a run costs the
 * server and the database only the write itself.
 */
export class PreparedWrite<Values extends Record<string, unknown>> {
  private readonly statement: PreparedSql<Values & TargetSlots>;

  constructor(name: string, changed: SQL, change: CountChange, state: SQL) {
    this.statement = new PreparedSql(name, () => sql`
      WITH changed AS (${changed}) ${countedAndViewed(slot('type'), slot('id'), change, state, slot('shard'))}
      SELECT * FROM view`);
  }

  /** Runs it on one target (a shard picked at random, decisions/0015), answering its view. */
  async run(db: DbOrTx, type: LikeTargetType, id: number, values: Values): Promise<ViewRow> {
    const [row] = await this.statement.rows<ViewRow>(db, { ...values, type, id, shard: randomInt(COUNTER_SHARDS) });
    return row!;
  }
}
