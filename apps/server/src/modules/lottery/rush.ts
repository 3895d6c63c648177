import { lotteryRefusal } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { GroupLanes } from '../../platform/group-lanes.ts';
import { pushLiveEvents } from '../live/index.ts';
import type { Buyer } from '../../platform/viewer.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { windowOf, type ActivityRow } from './activities.ts';
import { drawOnce, refusalError, type DrawOutcome } from './draw.ts';
import { DRAW_ALONE, drawGroup, type GroupDraw } from './draw-group.ts';

/**
 * How long an instance repeats PostgreSQL's "no prize left" for an activity without asking again: after it,
 * one draw goes to the database and reads the activity again (a close by staff on another instance, say).
 * The stock itself never comes back (prizes are not edited after creation, docs/product/deals.md#lottery-staff).
 */
export const EMPTY_MEMORY_MS = 1000;

/** Staff edits (closing) bump this, so this instance stops repeating what it knew of an activity at once. */
let activitiesVersion = 0;
export const activitiesChanged = () => void (activitiesVersion += 1);

/**
 * Points draws in a rush (docs/decisions/0047-lottery-and-red-packet-rush.md). In front, the instance's memory
 * of activities PostgreSQL answered empty: while it is fresh a draw is refused there, with the answer the
 * database would give (the activity's window first, then `not_randomized`), and no SQL. The memory holds only
 * what PostgreSQL committed, in this process: nothing shared can be lost or go stale, so an outage of Redis
 * (which gates nothing here) changes no answer. Behind it, group lanes (platform/group-lanes.ts): the draws of
 * one activity waiting together are made in one transaction (`drawGroup`), under the buyers' locks and the
 * prizes' row locks, so the stock is taken by the database's conditional UPDATE and never goes below zero.
 * An activity whose prizes a group does not batch (coupons, games, goods) draws each alone (`drawOnce`).
 */
export function pointsDrawRush(deps: Deps) {
  const alone = new Set<number>();
  const empty = new Map<string, { activity: ActivityRow; atMs: number; version: number }>();
  const lanes = new GroupLanes<GroupDraw, DrawOutcome | typeof DRAW_ALONE, string>(deps.db, async (db, key, members) => {
    const { answers, activity, anyLeft, told } = await drawGroup(deps, db, members);
    await pushLiveEvents(deps, told);
    if (anyLeft) empty.delete(key);
    else empty.set(key, { activity, atMs: deps.clock.now().getTime(), version: activitiesVersion });
    return answers;
  });

  /** PostgreSQL's answer while the activity is known empty, or null when the draw must go to the database. */
  function knownRefusal(key: string): Error | null {
    const known = empty.get(key);
    if (!known) return null;
    const nowMs = deps.clock.now().getTime();
    if (known.version !== activitiesVersion || nowMs < known.atMs || nowMs - known.atMs >= EMPTY_MEMORY_MS) {
      empty.delete(key);
      return null;
    }
    // With nothing left, the window and `not_randomized` are all the domain looks at (the account's facts come after).
    const refusal = lotteryRefusal({
      ...windowOf(known.activity), any_left: false, per_user_limit: null, daily_limit: null, drawn: 0, drawn_today: 0,
      minimum_order_amount: null, best_order_amount: 0, required_sku_id: null, purchased_required: false, cost_points: 0, score: 0,
    }, toTimestamp(deps.clock.now()));
    return refusal ? refusalError(refusal, 422) : null;
  }

  return async function draw(buyer: Buyer, activityId: number): Promise<DrawOutcome> {
    if (alone.has(activityId)) return drawOnce(deps, buyer, activityId, { via: 'points' }, 422);
    const key = `${buyer.area}:${activityId}`;
    const refused = knownRefusal(key);
    if (refused) throw refused;
    const answer = await lanes.submit(key, { accountId: buyer.accountId, buyer, activityId });
    if (answer !== DRAW_ALONE) return answer;
    alone.add(activityId);
    return drawOnce(deps, buyer, activityId, { via: 'points' }, 422);
  };
}
