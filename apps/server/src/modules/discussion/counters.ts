import { randomInt } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import type { PeriodicJob } from '../../platform/jobs.ts';
import { rowsOf } from '../../platform/db/json-rows.ts';
import { discussionCounterRepairs, discussionCounters } from './tables.ts';
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

/** Adds a change to one shard of a target's counters (inside the caller's transaction). */
export async function addToCounters(db: DbOrTx, type: LikeTargetType, id: number, delta: CountDelta, shard = randomInt(COUNTER_SHARDS)): Promise<void> {
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

/**
 * Every target whose counters differ from a recount of the truth (live reactions, live comments and replies).
 * Read in one REPEATABLE READ snapshot: each write changes truth and counters in one transaction, so within a
 * snapshot they agree unless something really drifted (a write outside this module, a hand edit, a bug).
 */
export async function findDrift(db: Db): Promise<Drift[]> {
  return db.transaction(async (tx) => {
    const rows = await rowsOf<{ target_type: LikeTargetType; target_id: string | number; likes: number; dislikes: number; comments: number }>(tx, sql`
      WITH truth AS (
        SELECT target_type, target_id, count(*) FILTER (WHERE state = 1) AS likes, count(*) FILTER (WHERE state = 2) AS dislikes, 0::bigint AS comments
          FROM discussion_reactions GROUP BY target_type, target_id
        UNION ALL
        SELECT target_type, target_id, 0, 0, count(*) FROM discussion_comments WHERE deleted_at IS NULL GROUP BY target_type, target_id
      ), t AS (
        SELECT target_type, target_id, sum(likes) AS likes, sum(dislikes) AS dislikes, sum(comments) AS comments FROM truth GROUP BY target_type, target_id
      ), c AS (
        SELECT target_type, target_id, sum(likes) AS likes, sum(dislikes) AS dislikes, sum(comments) AS comments FROM discussion_counters GROUP BY target_type, target_id
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
  }, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/**
 * Recounts every target and repairs what drifted: the drift is taken back as one more delta on shard 0, so
 * writes that land meanwhile (each adding to truth and counters alike) stay counted; each repair is recorded
 * in `discussion_counter_repairs` and logged as a warning. Answers what it repaired.
 */
export async function reconcileCounters(deps: Pick<Deps, 'db' | 'clock' | 'log'>): Promise<Drift[]> {
  const drift = await findDrift(deps.db);
  if (drift.length === 0) return drift;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    for (const d of drift) {
      await addToCounters(tx, d.targetType, d.targetId, { likes: -d.likes, dislikes: -d.dislikes, comments: -d.comments }, 0);
    }
    await tx.insert(discussionCounterRepairs).values(drift.map((d) => ({
      targetType: d.targetType, targetId: d.targetId, likesDrift: d.likes, dislikesDrift: d.dislikes, commentsDrift: d.comments, repairedAt: now,
    })));
  });
  deps.log.warn({ repaired: drift.length, drift: drift.slice(0, 20) }, 'discussion counters drifted from their recount and were repaired');
  return drift;
}

/** Every ten minutes, once across instances (platform/jobs.ts). */
export const reconcileCountersJob: PeriodicJob = {
  name: 'discussion-counters-reconcile',
  everyMs: 10 * 60_000,
  run: (deps) => reconcileCounters(deps),
};
