import { and, count, eq, sql } from 'drizzle-orm';
import { LOTTERY_DRAWS_PER_SECOND, SITES, clockInDay, isGameKind, lotteryRefusal, type LotteryFacts, type LotteryRefusal, type PoolEntry } from '@lantern/domain';
import type { LotteryRecord } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';
import { AppError, fail } from '../../platform/errors.ts';
import type { Buyer } from '../../platform/viewer.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { awardScore, defaultAddressOf, scoreOf, spendScore } from '../accounts/index.ts';
import { loadSkuRows, type SkuRow } from '../catalog/index.ts';
import { grantCoupon, heldCouponId } from '../coupons/index.ts';
import { libraryProductIds } from '../library/index.ts';
import { completeGrantOrder, heldProducts, lockBuyer, purchaseFacts, runAfterCommit, type CompletionOutcome } from '../orders/index.ts';
import { notify } from '../notifications/index.ts';
import { pushLiveEvents, type LiveEvent } from '../live/index.ts';
import { findActivity, prizesOf, windowOf, type ActivityRow, type PrizeRow } from './activities.ts';
import { drawPrize, newNonce } from './fairness.ts';
import { drawNotices } from './notices.ts';
import { presentRecords } from './records.ts';
import { lotteryDraws, lotteryPrizes, type DrawRow } from './tables.ts';

export type { DrawRow } from './tables.ts';

/** How a draw was had, and what qualifies it when it is not the account's own purchases in the window. */
export interface DrawGrant {
  via: DrawRow['via'];
  orderId?: number;
  sharerId?: number;
  /** An order draw: the drawing order is what qualifies (its price, its SKUs). */
  order?: { totalAmount: number; skuIds: number[] };
}

/** The day a draw counts against: the site's calendar (Beijing on the mainland, UTC abroad). */
export const drawDay = (area: ActivityRow['area'], now: Date) => clockInDay(toTimestamp(now), SITES[area].timeZone);

/**
 * Too many draws this second (a double click, a script): 429 `access_wait`, which the web retries after a
 * moment. The window is the server clock's second, named in the key (so it follows the injectable clock).
 */
export async function refuseIfTooFast(deps: Deps, accountId: number): Promise<void> {
  const second = Math.floor(deps.clock.now().getTime() / 1000);
  const budget = await deps.limiter.hit(`lottery:${accountId}:${second}`, LOTTERY_DRAWS_PER_SECOND, 2);
  if (!budget.allowed) throw fail.tooMany('access_wait', Math.max(1, budget.retryAfter));
}

/** The account's draws in the activity, all and today's. */
export async function drawCounts(db: DbOrTx, activityId: number, accountId: number, day: string): Promise<{ drawn: number; drawnToday: number }> {
  const [row] = await db.select({ drawn: count(), today: sql<number>`count(*) filter (where ${lotteryDraws.day} = ${day})` }).from(lotteryDraws)
    .where(and(eq(lotteryDraws.activityId, activityId), eq(lotteryDraws.accountId, accountId)));
  return { drawn: row?.drawn ?? 0, drawnToday: Number(row?.today ?? 0) };
}

/**
 * The facts the domain decides a draw on (docs/product/deals.md#lottery-reasons). A share draw is qualified by
 * its sharer's order, so no purchase of the recipient's is asked.
 */
export async function drawFacts(db: DbOrTx, activity: ActivityRow, prizes: readonly PrizeRow[], accountId: number, now: Date, grant: Omit<DrawGrant, 'orderId' | 'sharerId'>): Promise<LotteryFacts> {
  const day = drawDay(activity.area, now);
  const asksPurchase = grant.via !== 'share' && (activity.minimumOrderAmount !== null || activity.requiredSkuId !== null);
  // One after another: inside a transaction the statements share one connection.
  const counts = await drawCounts(db, activity.id, accountId, day);
  const score = await scoreOf(db, accountId);
  const bought = asksPurchase && !grant.order ? await purchaseFacts(db, accountId, activity.area, activity.fromAt, activity.toAt, activity.requiredSkuId) : null;
  return {
    ...windowOf(activity),
    any_left: prizes.some((p) => p.leftCount > 0),
    per_user_limit: activity.perUserLimit,
    daily_limit: activity.dailyLimit,
    drawn: counts.drawn,
    drawn_today: counts.drawnToday,
    minimum_order_amount: grant.via === 'share' ? null : activity.minimumOrderAmount,
    best_order_amount: grant.order ? grant.order.totalAmount : bought?.bestOrderAmount ?? 0,
    required_sku_id: grant.via === 'share' ? null : activity.requiredSkuId,
    purchased_required: grant.order ? activity.requiredSkuId !== null && grant.order.skuIds.includes(activity.requiredSkuId) : bought?.boughtSku ?? false,
    cost_points: activity.costPoints,
    score,
  };
}

/** A refusal as the API answers it: 422 for a points draw, 400 for a promotion draw (docs/product/deals.md#lottery-promotion); points missing carry how many. */
export function refusalError(refusal: LotteryRefusal, status: 400 | 422): AppError {
  if (refusal.reason === 'no_grade_left') return new AppError(status, { points: ['no_grade_left'] }, { missing_points: refusal.missing });
  return new AppError(status, { [refusal.field]: [refusal.reason] });
}

/**
 * The prizes this account cannot be given, left out of its pool (docs/product/deals.md#lottery-pool): a coupon
 * it holds (one per account), a game it owns or is paying for. Their SKU rows are answered for the grant.
 */
async function prizesNotGivable(tx: Tx, prizes: readonly PrizeRow[], accountId: number, now: Date): Promise<{ excluded: Set<number>; skus: Map<number, SkuRow> }> {
  const excluded = new Set<number>();
  const skuIds = prizes.filter((p) => p.skuId !== null && p.leftCount > 0).map((p) => p.skuId!);
  const skuRows = skuIds.length ? await loadSkuRows(tx, skuIds) : [];
  const skus = new Map(skuRows.map((r) => [r.sku.id, r]));
  const productIds = skuRows.filter((r) => isGameKind(r.kind)).map((r) => r.sku.productId);
  const library = await libraryProductIds(tx, accountId, productIds);
  const held = await heldProducts(tx, accountId, productIds, now);
  for (const prize of prizes) {
    if (prize.leftCount <= 0) continue;
    if (prize.kind === 'coupon' && (await heldCouponId(tx, accountId, prize.couponId!)) !== null) excluded.add(prize.id);
    if (prize.skuId !== null) {
      const sku = skus.get(prize.skuId);
      if (!sku) excluded.add(prize.id);
      else if (isGameKind(sku.kind) && (library.has(sku.sku.productId) || held.has(sku.sku.productId))) excluded.add(prize.id);
    }
  }
  return { excluded, skus };
}

/** One unit of a prize, with a conditional UPDATE: `left_count` never goes below zero however many draw at once. */
async function takePrize(tx: Tx, prizeId: number): Promise<boolean> {
  const taken = await tx.update(lotteryPrizes).set({ leftCount: sql`${lotteryPrizes.leftCount} - 1` })
    .where(and(eq(lotteryPrizes.id, prizeId), sql`${lotteryPrizes.leftCount} > 0`)).returning({ id: lotteryPrizes.id });
  return taken.length > 0;
}

async function givePrizeBack(tx: Tx, prizeId: number): Promise<void> {
  await tx.update(lotteryPrizes).set({ leftCount: sql`${lotteryPrizes.leftCount} + 1` }).where(eq(lotteryPrizes.id, prizeId));
}

/** The address a goods prize ships to: the account's default (or first) address as it is now, or null until it adds one. */
async function claimAddress(tx: Tx, accountId: number): Promise<string | null> {
  const address = await defaultAddressOf(tx, accountId);
  if (!address) return null;
  return [address.name, address.phone, address.regionText, address.address, address.postcode].filter((part) => part !== '').join(' ');
}

/** Attempts at a draw when the prize picked was taken by another draw meanwhile: each re-picks from what is left. */
const PICK_ATTEMPTS = 8;

export interface DrawOutcome {
  draw: DrawRow;
  record: LotteryRecord;
  score: number;
}

/**
 * One draw, in ONE transaction under the account's buyer lock (docs/product/deals.md#lottery-draw): the
 * refusals, the points cost, the pick from the committed seed and a fresh nonce over the prizes this account
 * can be given that are in stock, one unit of the prize taken (`left_count > 0`), the prize granted through
 * its own ledger (points, coupons, a zero-price order for a game, an address for goods), the draw's record, and
 * last the winner's notice (pushed live after the commit, docs/product/messaging.md#lottery-prize).
 * `check` runs the caller's own refusals first, under the same lock. Any refusal rolls all of it back.
 */
export async function drawOnce(deps: Deps, buyer: Buyer, activityId: number, grant: DrawGrant, status: 400 | 422, check?: (tx: Tx, activity: ActivityRow) => Promise<void>): Promise<DrawOutcome> {
  const now = deps.clock.now();
  let completion: CompletionOutcome | undefined;
  let told: LiveEvent[] = [];
  // Everything, the answer's record and points included, in one transaction on one connection: under a rush
  // a read after the commit would wait behind every draw queued for the pool.
  const outcome = await deps.db.transaction(async (tx): Promise<DrawOutcome> => {
    await lockBuyer(tx, buyer.accountId);
    const activity = await findActivity(tx, buyer.area, activityId, grant.via === 'points' ? 'points' : 'order');
    await check?.(tx, activity);
    const prizes = await prizesOf(tx, [activity.id]);
    const refusal = lotteryRefusal(await drawFacts(tx, activity, prizes, buyer.accountId, now, grant), toTimestamp(now));
    if (refusal) throw refusalError(refusal, status);
    if (activity.costPoints > 0 && !(await spendScore(tx, buyer.accountId, activity.costPoints, 'lottery_draw', { type: 'lottery_activity', id: activity.id }))) {
      throw refusalError({ field: 'points', reason: 'no_grade_left', missing: Math.max(0, activity.costPoints - (await scoreOf(tx, buyer.accountId))) }, status);
    }
    const { excluded, skus } = await prizesNotGivable(tx, prizes, buyer.accountId, now);
    for (let attempt = 0; attempt < PICK_ATTEMPTS; attempt++) {
      const pool: PoolEntry[] = prizes.filter((p) => p.leftCount > 0 && !excluded.has(p.id)).map((p) => ({ prize_id: p.id, weight: p.weight }));
      if (pool.length === 0) break;
      const nonce = newNonce();
      const prizeId = drawPrize(activity.seed, activity.id, nonce, pool)!;
      const prize = prizes.find((p) => p.id === prizeId)!;
      if (!(await takePrize(tx, prizeId))) {
        // Taken by another draw since this one read the stock: re-pick from what is left, with a new nonce.
        prize.leftCount = 0;
        continue;
      }
      let accountCouponId: number | null = null;
      let grantOrderId: number | null = null;
      if (prize.kind === 'coupon') {
        const granted = await grantCoupon(tx, buyer.accountId, activity.area, prize.couponId!, now);
        if ('problem' in granted) {
          // The coupon itself ran out or was withdrawn (no write was made): this prize cannot be given.
          await givePrizeBack(tx, prizeId);
          excluded.add(prizeId);
          continue;
        }
        accountCouponId = granted.accountCouponId;
      } else if (prize.kind === 'points') {
        await awardScore(tx, buyer.accountId, prize.points!, 'lottery_prize', { type: 'lottery_activity', id: activity.id });
      } else if (prize.kind === 'game') {
        completion = await completeGrantOrder(tx, deps, buyer.accountId, skus.get(prize.skuId!)!, now, buyer.ip);
        grantOrderId = completion.orderId;
      }
      const [row] = await tx.insert(lotteryDraws).values({
        activityId: activity.id, accountId: buyer.accountId, prizeId, via: grant.via, orderId: grant.orderId ?? null, sharerId: grant.sharerId ?? null,
        nonce, pool, day: drawDay(activity.area, now), pointsSpent: activity.costPoints, accountCouponId, grantOrderId,
        claimAddress: prize.kind === 'goods' ? await claimAddress(tx, buyer.accountId) : null, createdAt: now,
      }).returning();
      const [record] = await presentRecords(tx, [row!], true);
      const score = await scoreOf(tx, buyer.accountId);
      // Last: the notice takes the account's unread total, held to the commit (decisions/0027).
      told = await notify(tx, deps, drawNotices(activity, [{ draw: row!, prize }]));
      return { draw: row!, record: record!, score };
    }
    throw refusalError({ field: 'lottery_activity', reason: 'not_randomized' }, status);
  });
  // Not awaited: the answer does not wait for a supplier's key (runAfterCommit never throws).
  if (completion) void runAfterCommit(deps, completion);
  await pushLiveEvents(deps, told);
  return outcome;
}
