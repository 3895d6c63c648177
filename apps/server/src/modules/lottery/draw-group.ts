import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { lotteryRefusal, type PoolEntry } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { lockedTransaction, type Db, type Tx } from '../../platform/db/client.ts';
import type { Buyer } from '../../platform/viewer.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { changeScores, publicAccountsByIds, scoresOf } from '../accounts/index.ts';
import { buyerLockKeys, purchaseFacts } from '../orders/index.ts';
import { notify } from '../notifications/index.ts';
import type { LiveEvent } from '../live/index.ts';
import { findActivity, windowOf, type ActivityRow, type PrizeRow } from './activities.ts';
import { drawDay, refusalError, type DrawOutcome } from './draw.ts';
import { drawPrize, newNonce } from './fairness.ts';
import { drawNotices } from './notices.ts';
import { recordsOf } from './records.ts';
import { lotteryDraws, lotteryPrizes } from './tables.ts';

/** One account's points draw waiting in a lane (modules/lottery/rush.ts). */
export interface GroupDraw {
  accountId: number;
  buyer: Buyer;
  activityId: number;
}

/**
 * The answer for a member whose draw must go alone (`drawOnce`): the activity has a prize in stock that is
 * granted through another module's per-account ledger (a coupon, a game's zero-price order) or checked
 * against what the account owns (a goods prize's SKU), which a group does not batch.
 */
export const DRAW_ALONE = Symbol('draw alone');

export interface GroupResult {
  answers: (DrawOutcome | Error | typeof DRAW_ALONE)[];
  /** The activity as read under the group's lock, and whether any prize is left after the group's commit. */
  activity: ActivityRow;
  anyLeft: boolean;
  /** The winners' notices, written in the group's transaction: the lane pushes them once it has committed. */
  told: LiveEvent[];
}

/** Prizes in stock locked for the group: its draws take from this count, and other groups of the activity wait. */
async function lockedPrizes(tx: Tx, activityId: number): Promise<PrizeRow[]> {
  return tx.select().from(lotteryPrizes).where(eq(lotteryPrizes.activityId, activityId)).orderBy(asc(lotteryPrizes.position), asc(lotteryPrizes.id)).for('update');
}

/** Each member's draws in the activity, all and today's, in one statement. */
async function groupCounts(tx: Tx, activityId: number, accountIds: readonly number[], day: string): Promise<Map<number, { drawn: number; drawnToday: number }>> {
  const rows = await tx.select({ accountId: lotteryDraws.accountId, drawn: count(), today: sql<number>`count(*) filter (where ${lotteryDraws.day} = ${day})` }).from(lotteryDraws)
    .where(and(eq(lotteryDraws.activityId, activityId), inArray(lotteryDraws.accountId, [...accountIds]))).groupBy(lotteryDraws.accountId);
  return new Map(rows.map((r) => [r.accountId, { drawn: r.drawn, drawnToday: Number(r.today) }]));
}

/**
 * Many accounts' points draws of one activity in ONE transaction (docs/decisions/0047-lottery-and-red-packet-rush.md):
 * each member gets exactly what `drawOnce` would have answered had the draws run one after another in the
 * group's order — the same refusals in the same order, the same pick from the committed seed and a fresh nonce
 * over what is left — but the group pays for its statements once: the buyers' locks with the BEGIN, the
 * activity, its prizes locked (`FOR UPDATE`: the count the picks take from is the database's), the members'
 * draw counts and scores, one conditional UPDATE of the scores (points spent and won, never below zero), one
 * conditional UPDATE of the stock (`left_count >= taken`, and the check constraint: never below zero), the
 * records in one INSERT, the winners' notices in one statement (pushed by the lane after the commit). An activity with a prize other than points in stock answers `DRAW_ALONE` for all.
 */
export async function drawGroup(deps: Deps, db: Db, members: readonly GroupDraw[]): Promise<GroupResult> {
  const { area } = members[0]!.buyer;
  const activityId = members[0]!.activityId;
  const now = deps.clock.now();
  const nowSec = toTimestamp(now);
  return lockedTransaction(db, buyerLockKeys(members.map((m) => m.accountId)), async (tx): Promise<GroupResult> => {
    const activity = await findActivity(tx, area, activityId, 'points');
    const ids = members.map((m) => m.accountId);
    const day = drawDay(activity.area, now);
    // The members' own facts first, under their locks, and the prizes locked last: every other group of the
    // activity waits on the prizes, so they are held only from the picks to the commit.
    const counts = await groupCounts(tx, activity.id, ids, day);
    // Locked: the score each member is judged by is the one its spend finds. Read unlocked, a member's points
    // spent elsewhere meanwhile would fail its spend after the loop had given it a unit and refused a later
    // member `not_randomized` for want of that unit — an outcome no serial order of the draws gives
    // (docs/decisions/0053-journeys-staff-and-commission-payouts.md, "Grouped draws decide on locked scores").
    const scores = await scoresOf(tx, ids, { lock: true });
    // The winners' public faces for their records, read before the prizes are locked (records.ts).
    const people = await publicAccountsByIds(tx, ids);
    const prizes = await lockedPrizes(tx, activity.id);
    const left = new Map(prizes.map((p) => [p.id, p.leftCount]));
    const anyLeft = () => prizes.some((p) => left.get(p.id)! > 0);
    if (prizes.some((p) => p.leftCount > 0 && p.kind !== 'points')) return { answers: members.map(() => DRAW_ALONE), activity, anyLeft: anyLeft(), told: [] };
    const asksPurchase = activity.minimumOrderAmount !== null || activity.requiredSkuId !== null;

    const answers: GroupResult['answers'] = members.map(() => new Error('not drawn'));
    const picks: { index: number; prize: PrizeRow; nonce: string; pool: PoolEntry[] }[] = [];
    for (const [index, member] of members.entries()) {
      const mine = counts.get(member.accountId) ?? { drawn: 0, drawnToday: 0 };
      // Asked only while a prize is left: an empty pool is the first refusal whatever the account bought.
      const bought = asksPurchase && anyLeft() ? await purchaseFacts(tx, member.accountId, activity.area, activity.fromAt, activity.toAt, activity.requiredSkuId) : null;
      const refusal = lotteryRefusal({
        ...windowOf(activity),
        any_left: anyLeft(),
        per_user_limit: activity.perUserLimit,
        daily_limit: activity.dailyLimit,
        drawn: mine.drawn,
        drawn_today: mine.drawnToday,
        minimum_order_amount: activity.minimumOrderAmount,
        best_order_amount: bought?.bestOrderAmount ?? 0,
        required_sku_id: activity.requiredSkuId,
        purchased_required: bought?.boughtSku ?? false,
        cost_points: activity.costPoints,
        score: scores.get(member.accountId) ?? 0,
      }, nowSec);
      if (refusal) {
        answers[index] = refusalError(refusal, 422);
        continue;
      }
      const pool: PoolEntry[] = prizes.filter((p) => left.get(p.id)! > 0).map((p) => ({ prize_id: p.id, weight: p.weight }));
      const nonce = newNonce();
      const prize = prizes.find((p) => p.id === drawPrize(activity.seed, activity.id, nonce, pool))!;
      left.set(prize.id, left.get(prize.id)! - 1);
      picks.push({ index, prize, nonce, pool });
    }
    if (picks.length === 0) return { answers, activity, anyLeft: anyLeft(), told: [] };

    const target = { type: 'lottery_activity', id: activity.id };
    const after = await changeScores(tx, picks.map((p) => ({ accountId: members[p.index]!.accountId, spend: activity.costPoints, award: p.prize.points! })), { spend: 'lottery_draw', award: 'lottery_prize' }, target);
    // The scores were locked when read, so every admitted member's spend fits; if one ever did not, nothing of
    // the group is committed (every member's answer is an error) rather than an outcome out of serial order.
    if (picks.some((p) => !after.has(members[p.index]!.accountId))) throw new Error('lottery group: a score moved under its lock');
    const won = picks.filter((p) => after.has(members[p.index]!.accountId));
    if (won.length === 0) return { answers, activity, anyLeft: anyLeft(), told: [] };

    const taken = new Map<number, number>();
    for (const p of won) taken.set(p.prize.id, (taken.get(p.prize.id) ?? 0) + 1);
    const prizeIds = [...taken.keys()];
    const updated = (await tx.execute(sql`
      UPDATE ${lotteryPrizes} AS p SET left_count = p.left_count - t.n
      FROM unnest(${sql.param(prizeIds)}::bigint[], ${sql.param(prizeIds.map((id) => taken.get(id)!))}::int[]) AS t(id, n)
      WHERE p.id = t.id AND p.left_count >= t.n RETURNING p.id`)) as unknown as { rows: unknown[] };
    // The rows are locked, so this cannot happen; if it ever did, nothing of the group is committed.
    if (updated.rows.length !== prizeIds.length) throw new Error('lottery group: stock moved under its lock');

    const rows = await tx.insert(lotteryDraws).values(won.map((p) => ({
      activityId: activity.id, accountId: members[p.index]!.accountId, prizeId: p.prize.id, via: 'points' as const, orderId: null, sharerId: null,
      nonce: p.nonce, pool: p.pool, day, pointsSpent: activity.costPoints, accountCouponId: null, grantOrderId: null, claimAddress: null, createdAt: now,
    }))).returning();
    const records = recordsOf(rows, true, prizes, people);
    const byAccount = new Map(rows.map((row, i) => [row.accountId, { row, record: records[i]! }]));
    for (const p of won) {
      const accountId = members[p.index]!.accountId;
      const drawn = byAccount.get(accountId)!;
      answers[p.index] = { draw: drawn.row, record: drawn.record, score: after.get(accountId)! };
    }
    // Last, one statement for every winner of the group (decisions/0027): the notices and their live events.
    const prizeOf = new Map(won.map((p) => [members[p.index]!.accountId, p.prize]));
    const told = await notify(tx, deps, drawNotices(activity, rows.map((row) => ({ draw: row, prize: prizeOf.get(row.accountId)! }))));
    return { answers, activity, anyLeft: anyLeft(), told };
  });
}
