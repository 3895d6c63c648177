import { randomInt } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import type { PeriodicJob } from '../../platform/jobs.ts';
import { rowsOf } from '../../platform/db/json-rows.ts';
import { discussionCounterRepairs, discussionCounters } from './tables.ts';
import { markDirty } from './dirty.ts';
import type { LikeTargetType } from './targets.ts';

/**
 * Sharded counters (decisions/0015). Every write that changes the truth (a reaction row, a comment row) adds its
 * change to one of `COUNTER_SHARDS` rows of the target in the same transaction, the shard picked at random per
 * write: concurrent writers of a hot target spread over sixteen rows instead of queueing on one (Lemmy #3877).
 * Reads sum the shards. The reconcile job recounts from the truth and repairs any drift.
 */
export const COUNTER_SHARDS = 16;

export interface CountDelta {
  likes?: number;
  dislikes?: number;
  comments?: number;
}

export interface TargetCounts {
  likes: number;
  dislikes: number;
  comments: number;
}

/**
 * Adds a change to one shard of a target's counters (inside the caller's transaction), marking the target for
 * the next reconcile; the reconcile's own repair does not mark it again.
 */
export async function addToCounters(db: DbOrTx, type: LikeTargetType, id: number, delta: CountDelta, shard = randomInt(COUNTER_SHARDS), mark = true): Promise<void> {
  const likes = delta.likes ?? 0;
  const dislikes = delta.dislikes ?? 0;
  const comments = delta.comments ?? 0;
  if (likes === 0 && dislikes === 0 && comments === 0) return;
  await db
    .insert(discussionCounters)
    .values({ targetType: type, targetId: id, shard, likes, dislikes, comments })
    .onConflictDoUpdate({
      target: [discussionCounters.targetType, discussionCounters.targetId, discussionCounters.shard],
      set: {
        likes: sql`${discussionCounters.likes} + ${likes}`,
        dislikes: sql`${discussionCounters.dislikes} + ${dislikes}`,
        comments: sql`${discussionCounters.comments} + ${comments}`,
      },
    });
  if (mark) await markDirty(db, type, id);
}

/** The counts of each target among ids (zeros for one never written to); never below zero. */
export async function countsOf(db: DbOrTx, type: LikeTargetType, ids: readonly number[]): Promise<Map<number, TargetCounts>> {
  const unique = [...new Set(ids)];
  const counts = new Map<number, TargetCounts>(unique.map((id) => [id, { likes: 0, dislikes: 0, comments: 0 }]));
  if (unique.length === 0) return counts;
  const rows = await db
    .select({
      id: discussionCounters.targetId,
      likes: sql<number>`sum(${discussionCounters.likes})::int`,
      dislikes: sql<number>`sum(${discussionCounters.dislikes})::int`,
      comments: sql<number>`sum(${discussionCounters.comments})::int`,
    })
    .from(discussionCounters)
    .where(and(eq(discussionCounters.targetType, type), inArray(discussionCounters.targetId, unique)))
    .groupBy(discussionCounters.targetId);
  for (const r of rows) counts.set(r.id, { likes: Math.max(0, r.likes), dislikes: Math.max(0, r.dislikes), comments: Math.max(0, r.comments) });
  return counts;
}

export interface Drift {
  targetType: LikeTargetType;
  targetId: number;
  /** Counters minus truth. */
  likes: number;
  dislikes: number;
  comments: number;
}

/** The targets a recount looks at: all of them (the full sweep), or the listed ones (the dirty set). */
type Scope = 'all' | readonly { targetType: LikeTargetType; targetId: number }[];

function scopeFilter(scope: Scope, alias = '') {
  if (scope === 'all') return sql``;
  const keys = JSON.stringify(scope.map((k) => [k.targetType, k.targetId]));
  const col = (name: string) => sql.raw(alias ? `${alias}.${name}` : name);
  return sql`AND (${col('target_type')}, ${col('target_id')}) IN (SELECT k->>0, (k->>1)::bigint FROM jsonb_array_elements(${keys}::jsonb) k)`;
}

/**
 * Counted comments per target: published, undeleted comments and their published, undeleted replies. The full
 * sweep reads the table once (a join on the parent); the dirty recount starts from the targets' comments
 * (`discussion_comments_target_idx`) and counts each one's replies by `discussion_comments_parent_idx`, so it
 * reads only those targets' rows, never the whole table.
 */
function commentTruth(scope: Scope) {
  if (scope === 'all') {
    return sql`SELECT c.target_type, c.target_id, 0, 0, count(*) FROM discussion_comments c LEFT JOIN discussion_comments p ON p.id = c.parent_id
       WHERE c.deleted_at IS NULL AND c.state = 'published' AND (c.parent_id IS NULL OR (p.deleted_at IS NULL AND p.state = 'published'))
       GROUP BY c.target_type, c.target_id`;
  }
  return sql`SELECT p.target_type, p.target_id, 0, 0,
         count(*) + coalesce(sum((SELECT count(*) FROM discussion_comments r WHERE r.parent_id = p.id AND r.deleted_at IS NULL AND r.state = 'published')), 0)
       FROM discussion_comments p
       WHERE p.parent_id IS NULL AND p.deleted_at IS NULL AND p.state = 'published' ${scopeFilter(scope, 'p')}
       GROUP BY p.target_type, p.target_id`;
}

/**
 * The drift of the targets in scope: counters minus a recount of the truth (live reactions; published,
 * undeleted comments and replies whose comment is published and undeleted too). In the caller's REPEATABLE
 * READ snapshot: each write changes truth and counters in one transaction, so within a snapshot they agree
 * unless something really drifted (a write outside this module, a hand edit, a bug).
 */
async function driftIn(tx: DbOrTx, scope: Scope): Promise<Drift[]> {
  if (scope !== 'all' && scope.length === 0) return [];
  const rows = await rowsOf<{ target_type: LikeTargetType; target_id: string | number; likes: number; dislikes: number; comments: number }>(tx, sql`
    WITH truth AS (
      SELECT target_type, target_id, count(*) FILTER (WHERE state = 1) AS likes, count(*) FILTER (WHERE state = 2) AS dislikes, 0::bigint AS comments
        FROM discussion_reactions WHERE true ${scopeFilter(scope)} GROUP BY target_type, target_id
      UNION ALL
      ${commentTruth(scope)}
    ), t AS (
      SELECT target_type, target_id, sum(likes) AS likes, sum(dislikes) AS dislikes, sum(comments) AS comments FROM truth GROUP BY target_type, target_id
    ), c AS (
      SELECT target_type, target_id, sum(likes) AS likes, sum(dislikes) AS dislikes, sum(comments) AS comments FROM discussion_counters
       WHERE true ${scopeFilter(scope)} GROUP BY target_type, target_id
    )
    SELECT coalesce(c.target_type, t.target_type) AS target_type, coalesce(c.target_id, t.target_id) AS target_id,
           (coalesce(c.likes, 0) - coalesce(t.likes, 0))::int AS likes,
           (coalesce(c.dislikes, 0) - coalesce(t.dislikes, 0))::int AS dislikes,
           (coalesce(c.comments, 0) - coalesce(t.comments, 0))::int AS comments
      FROM c FULL JOIN t ON c.target_type = t.target_type AND c.target_id = t.target_id
     WHERE coalesce(c.likes, 0) <> coalesce(t.likes, 0) OR coalesce(c.dislikes, 0) <> coalesce(t.dislikes, 0)
        OR coalesce(c.comments, 0) <> coalesce(t.comments, 0)
     ORDER BY 1, 2`);
  return rows.map((r) => ({ targetType: r.target_type, targetId: Number(r.target_id), likes: r.likes, dislikes: r.dislikes, comments: r.comments }));
}

/** Every target whose counters differ from a recount of the truth (the full sweep's read). */
export async function findDrift(db: Db): Promise<Drift[]> {
  return db.transaction((tx) => driftIn(tx, 'all'), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/**
 * Takes up to `limit` targets from the dirty set and answers their drift, in one REPEATABLE READ snapshot
 * that starts with the take: a write committed after it marks its target again (the next run looks), one
 * committed before it is in the snapshot.
 */
async function takeDirtyDrift(db: Db, limit: number): Promise<{ taken: number; drift: Drift[] }> {
  return db.transaction(async (tx) => {
    const taken = await rowsOf<{ target_type: LikeTargetType; target_id: string | number }>(tx, sql`
      DELETE FROM discussion_dirty_targets d
       USING (SELECT target_type, target_id FROM discussion_dirty_targets LIMIT ${limit}) k
       WHERE d.target_type = k.target_type AND d.target_id = k.target_id
      RETURNING d.target_type, d.target_id`);
    const keys = taken.map((k) => ({ targetType: k.target_type, targetId: Number(k.target_id) }));
    return { taken: keys.length, drift: await driftIn(tx, keys) };
  }, { isolationLevel: 'repeatable read' });
}

/** Takes the drift back as one more delta on shard 0 (writes landing meanwhile stay counted), and records it. */
async function repair(deps: Pick<Deps, 'db' | 'clock' | 'log'>, drift: Drift[], how: 'dirty' | 'sweep'): Promise<void> {
  if (drift.length === 0) return;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    for (const d of drift) {
      await addToCounters(tx, d.targetType, d.targetId, { likes: -d.likes, dislikes: -d.dislikes, comments: -d.comments }, 0, false);
    }
    await tx.insert(discussionCounterRepairs).values(drift.map((d) => ({
      targetType: d.targetType, targetId: d.targetId, likesDrift: d.likes, dislikesDrift: d.dislikes, commentsDrift: d.comments, repairedAt: now,
    })));
  });
  deps.log.warn({ repaired: drift.length, how, drift: drift.slice(0, 20) }, 'discussion counters drifted from their recount and were repaired');
}

/**
 * The full sweep: recounts every target and repairs what drifted; each repair is recorded in
 * `discussion_counter_repairs` and logged as a warning. Answers what it repaired. The daily backstop for
 * drift no write marked (a hand edit, a bug).
 */
export async function reconcileCounters(deps: Pick<Deps, 'db' | 'clock' | 'log'>): Promise<Drift[]> {
  const drift = await findDrift(deps.db);
  await repair(deps, drift, 'sweep');
  return drift;
}

/** How many dirty targets one recount takes, and how many recounts one run does at most (the rest wait for the next). */
export const DIRTY_BATCH = 2_000;
export const DIRTY_BATCHES_PER_RUN = 25;

/**
 * Recounts only the targets written since the last run (the dirty set, decisions/0020), in batches, and
 * repairs their drift as the sweep does. Answers what it repaired and how many targets it looked at.
 */
export async function reconcileDirtyCounters(deps: Pick<Deps, 'db' | 'clock' | 'log'>): Promise<{ checked: number; repaired: Drift[] }> {
  let checked = 0;
  const repaired: Drift[] = [];
  for (let batch = 0; batch < DIRTY_BATCHES_PER_RUN; batch++) {
    const { taken, drift } = await takeDirtyDrift(deps.db, DIRTY_BATCH);
    checked += taken;
    await repair(deps, drift, 'dirty');
    repaired.push(...drift);
    if (taken < DIRTY_BATCH) break;
  }
  return { checked, repaired };
}

/** Every ten minutes, once across instances (platform/jobs.ts): only what moved. */
export const reconcileCountersJob: PeriodicJob = {
  name: 'discussion-counters-reconcile',
  everyMs: 10 * 60_000,
  run: (deps) => reconcileDirtyCounters(deps),
};

/** Once a day, the full recount as a backstop. */
export const fullSweepJob: PeriodicJob = {
  name: 'discussion-counters-sweep',
  everyMs: 24 * 60 * 60_000,
  run: (deps) => reconcileCounters(deps),
};
