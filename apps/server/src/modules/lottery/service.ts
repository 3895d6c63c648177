import { and, count, eq } from 'drizzle-orm';
import { lotteryRefusal, lotteryStatus, shareRefusal, LOTTERY_SHARE_MAX_SECONDS } from '@lantern/domain';
import type { LotteryDrawResult, LotteryUserInfo } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import type { Buyer, Viewer } from '../../platform/viewer.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { orderDrawFacts } from '../orders/index.ts';
import { findActivity, presentActivity, prizesOf, windowOf, type ActivityRow } from './activities.ts';
import { drawFacts, drawOnce, refuseIfTooFast, type DrawOutcome } from './draw.ts';
import { shareToken, shareTokenValid } from './fairness.ts';
import { lotteryDraws } from './tables.ts';
import type { pointsDrawRush } from './rush.ts';

type PointsDraw = ReturnType<typeof pointsDrawRush>;

function answer(_deps: Deps, outcome: DrawOutcome): LotteryDrawResult {
  return { lottery_prize_id: outcome.draw.prizeId, lottery_prize_ids: [outcome.draw.prizeId], lottery_record: outcome.record, score: outcome.score };
}

/**
 * POST /api/lottery_activities/{id}/draws (docs/product/deals.md#lottery-draw): a draw bought with points,
 * through the instance's rush path (`pointsDrawRush`: the memory of empty activities, then the group lanes).
 */
export async function drawWithPoints(deps: Deps, draw: PointsDraw, buyer: Buyer, activityId: number): Promise<LotteryDrawResult> {
  await refuseIfTooFast(deps, buyer.accountId);
  return answer(deps, await draw(buyer, activityId));
}

/** GET /api/lottery_activities/{id}/infos: the viewer's counts and the first refusal a draw would meet now. */
export async function userInfo(deps: Deps, buyer: Buyer, activityId: number): Promise<{ lottery_user_info: LotteryUserInfo }> {
  const now = deps.clock.now();
  const activity = await findActivity(deps.db, buyer.area, activityId);
  const prizes = await prizesOf(deps.db, [activity.id]);
  const facts = await drawFacts(deps.db, activity, prizes, buyer.accountId, now, { via: activity.mode === 'points' ? 'points' : 'order' });
  // An order activity's purchase rules are met by the drawing order, which this read does not name.
  const refusal = lotteryRefusal(activity.mode === 'order' ? { ...facts, minimum_order_amount: null, required_sku_id: null } : facts, toTimestamp(now));
  return {
    lottery_user_info: {
      drawn: facts.drawn,
      drawn_today: facts.drawn_today,
      left_draws: facts.per_user_limit === null ? null : Math.max(0, facts.per_user_limit - facts.drawn),
      left_today: facts.daily_limit === null ? null : Math.max(0, facts.daily_limit - facts.drawn_today),
      score: facts.score,
      refusal: refusal ? { field: refusal.field, reason: refusal.reason } : null,
    },
  };
}

/** A promotion draw's first answers: an ended or closed activity is `inactive`, one not started `not_in_period` (400). */
function refuseIfNotOpen(activity: ActivityRow, nowSec: number): void {
  const status = lotteryStatus(windowOf(activity), nowSec);
  if (status === 'end') throw fail.badRequest('lottery_activity', 'inactive');
  if (status === 'not_start') throw fail.badRequest('lottery_activity', 'not_in_period');
}

/** The order draw of an account's order in an activity, if made. */
async function orderDraw(db: Deps['db'] | Tx, activityId: number, orderId: number) {
  const [row] = await db.select().from(lotteryDraws).where(and(eq(lotteryDraws.activityId, activityId), eq(lotteryDraws.orderId, orderId), eq(lotteryDraws.via, 'order'))).limit(1);
  return row ?? null;
}

/**
 * POST /api/promotion/lottery_activities/{id}/draw (docs/product/deals.md#lottery-promotion): one draw for a
 * completed order of the buyer's, completed inside the activity's window (else 400 `order: not_in_period`),
 * once per order (`order: already_drawn`); the order is what meets the minimum price or the required SKU.
 */
export async function drawForOrder(deps: Deps, buyer: Buyer, activityId: number, orderId: number): Promise<LotteryDrawResult> {
  await refuseIfTooFast(deps, buyer.accountId);
  const activity = await findActivity(deps.db, buyer.area, activityId, 'order');
  const order = await orderDrawFacts(deps.db, buyer.accountId, buyer.area, orderId);
  if (!order) throw fail.notFound('order');
  const inWindow = order.completed && order.completedAt !== null && order.completedAt >= activity.fromAt && order.completedAt < activity.toAt;
  const grant = { via: 'order' as const, orderId, order: { totalAmount: order.totalAmount, skuIds: order.skuIds } };
  return answer(deps, await drawOnce(deps, buyer, activityId, grant, 400, async (tx, current) => {
    refuseIfNotOpen(current, toTimestamp(deps.clock.now()));
    if (!inWindow) throw fail.badRequest('order', 'not_in_period');
    if (await orderDraw(tx, activityId, orderId)) throw fail.badRequest('order', 'already_drawn');
  }));
}

/** How long a share link made now is valid: to the activity's end, at most a week. */
function shareWindow(activity: { fromAt: Date; toAt: Date }, drawnAt: Date) {
  const from = toTimestamp(drawnAt);
  return { from, to: Math.min(toTimestamp(activity.toAt), from + LOTTERY_SHARE_MAX_SECONDS) };
}

/**
 * GET /api/promotion/lottery_activities/{id}: the activity and, signed in, the viewer's drawn orders, each with
 * the prizes it won and its share link (when the activity grants draws to those a buyer shares with).
 */
export async function promotionActivity(deps: Deps, viewer: Viewer, activityId: number) {
  const now = deps.clock.now();
  const activity = await findActivity(deps.db, viewer.area, activityId, 'order');
  const lottery_activity = presentActivity(activity, await prizesOf(deps.db, [activity.id]), now);
  if (viewer.accountId === null) return { lottery_activity, drawn_orders: [] };
  const mine = await deps.db.select().from(lotteryDraws)
    .where(and(eq(lotteryDraws.activityId, activityId), eq(lotteryDraws.accountId, viewer.accountId), eq(lotteryDraws.via, 'order'))).orderBy(lotteryDraws.id).limit(50);
  const shared = await Promise.all(mine.map(async (draw) => (await deps.db.select({ n: count() }).from(lotteryDraws)
    .where(and(eq(lotteryDraws.activityId, activityId), eq(lotteryDraws.orderId, draw.orderId!), eq(lotteryDraws.via, 'share'))))[0]?.n ?? 0));
  return {
    lottery_activity,
    drawn_orders: mine.map((draw, i) => {
      const share = { sharer_id: draw.accountId, order_id: draw.orderId!, ...shareWindow(activity, draw.createdAt) };
      return {
        order_id: draw.orderId!,
        lottery_prize_ids: [draw.prizeId],
        share: activity.shareDrawsPerOrder > 0 && !activity.closed ? { ...share, share_token: shareToken(activity.shareKey, activity.id, share) } : null,
        shared_draws: shared[i]!,
      };
    }),
  };
}

/**
 * POST /api/promotion/lottery_activities/{id}/red_packet_draw (docs/product/deals.md#lottery-share): a draw a
 * buyer's shared link grants to someone else. The link names the sharer, the order and a window, signed with
 * the activity's share key; it is good only for an order its sharer drew on, inside its window, with a request
 * timestamp near the server's; each order grants `share_draws_per_order` draws, one per recipient. Counted
 * under a lock on the sharer's order draw, so parallel recipients never exceed it.
 */
export async function drawFromShare(deps: Deps, buyer: Buyer, activityId: number, input: { lottery_red_packet: { sharer_id: number; order_id: number; from: number; to: number }; share_token: string; timestamp: number }): Promise<LotteryDrawResult> {
  await refuseIfTooFast(deps, buyer.accountId);
  const activity = await findActivity(deps.db, buyer.area, activityId, 'order');
  const share = input.lottery_red_packet;
  const nowSec = toTimestamp(deps.clock.now());
  // The token is compared before anything about the share is told (no probing which orders were drawn).
  if (!shareTokenValid(activity.shareKey, activity.id, share, input.share_token)) throw fail.badRequest('share_token', 'token_invalid');
  const refused = shareRefusal(share, input.timestamp, buyer.accountId, nowSec);
  if (refused === 'unqualified') throw fail.badRequest('lottery_red_packet', 'unqualified');
  if (refused) throw fail.badRequest('share_token', refused);
  const grant = { via: 'share' as const, orderId: share.order_id, sharerId: share.sharer_id };
  return answer(deps, await drawOnce(deps, buyer, activityId, grant, 400, async (tx, current) => {
    refuseIfNotOpen(current, nowSec);
    const [sharerDraw] = await tx.select().from(lotteryDraws)
      .where(and(eq(lotteryDraws.activityId, activityId), eq(lotteryDraws.orderId, share.order_id), eq(lotteryDraws.via, 'order'), eq(lotteryDraws.accountId, share.sharer_id)))
      .for('update');
    if (!sharerDraw) throw fail.badRequest('share_token', 'token_invalid');
    const opened = await tx.select({ accountId: lotteryDraws.accountId }).from(lotteryDraws)
      .where(and(eq(lotteryDraws.activityId, activityId), eq(lotteryDraws.orderId, share.order_id), eq(lotteryDraws.via, 'share')));
    if (opened.some((o) => o.accountId === buyer.accountId)) throw fail.badRequest('lottery_red_packet', 'already_drawn');
    if (opened.length >= current.shareDrawsPerOrder) throw fail.badRequest('lottery_red_packet', 'over_limit');
  }));
}
