import { sql } from 'drizzle-orm';
import type { Area, LikeState } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { GroupLanes } from '../../platform/group-lanes.ts';
import { rowsOf } from '../../platform/db/json-rows.ts';
import { runLikeSteps, type LikeAsk } from './like-steps.ts';
import type { LikeTargetType } from './targets.ts';
import type { TargetView } from './write-statement.ts';

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
 * Sets the viewer's state on a target (docs/product/community.md#likes): the like's steps (like-steps.ts), run
 * for the likes of one target on one site asked for at the same moment on this instance as one group, in the
 * platform's group lanes (platform/group-lanes.ts): each account once a group, an account's next like after its
 * group is written, one held connection a lane. Alone, a like is a group of one, one turn of the event loop later.
 */
export function setLike(deps: Deps, accountId: number, area: Area, type: LikeTargetType, id: number, wanted: LikeState): Promise<TargetView> {
  let lanes = likeLanes.get(deps);
  if (!lanes) likeLanes.set(deps, (lanes = new GroupLanes(deps.db, (lane, _target, asks) => runLikeSteps(deps, lane, asks))));
  return lanes.submit(`${area}:${type}:${id}`, { accountId, area, type, id, wanted });
}

/** An instance's lanes of likes (per deps: tests build several instances in one process). */
const likeLanes = new WeakMap<Deps, GroupLanes<LikeAsk, TargetView, string>>();
