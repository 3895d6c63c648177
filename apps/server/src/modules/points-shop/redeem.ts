import { and, eq, inArray, sql } from 'drizzle-orm';
import { isGameKind, isKeyedKind, missingPoints, pointRedeemRefusal } from '@lantern/domain';
import type { PointRedeem } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';
import { AppError, fail } from '../../platform/errors.ts';
import type { Buyer } from '../../platform/viewer.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { scoreOf, spendScore } from '../accounts/index.ts';
import { loadSkuRows, type SkuRow } from '../catalog/index.ts';
import { grantCoupon, heldCouponId, type CouponGrantProblem } from '../coupons/index.ts';
import { libraryProductIds } from '../library/index.ts';
import { completeGrantOrder, createOrder, heldProducts, lockBuyer, runAfterCommit, type CompletionOutcome, type OrderReleaseStep } from '../orders/index.ts';
import { presentRedeems, redeemedCounts, windowOf, type RedeemRow } from './redeems.ts';
import { pointRedeems, pointRedemptions } from './tables.ts';

/** Points missing: 422 `points: no_grade_left`, with how many are missing so the page can say it. */
const notEnoughPoints = (missing: number) => new AppError(422, { points: ['no_grade_left'] }, { missing_points: missing });

/** A coupon that cannot be handed out: held already (`account: taken`, as the claim page says), run out, or off. */
function couponRefusal(problem: CouponGrantProblem): AppError {
  if (problem === 'held') return fail.unprocessable('account', 'taken');
  if (problem === 'exhausted') return fail.unprocessable('point_redeem', 'no_inventory');
  return fail.unprocessable('point_redeem', 'inactive');
}

async function findRedeem(db: DbOrTx, area: Buyer['area'], id: number): Promise<RedeemRow> {
  const [row] = await db.select().from(pointRedeems).where(and(eq(pointRedeems.id, id), eq(pointRedeems.area, area))).limit(1);
  if (!row) throw fail.notFound();
  return row;
}

/**
 * The account's own refusals, read under its buyer lock (so its parallel tabs see each other's units):
 * window, sold out, its limit, then points. `checkPoints` is false for an order, which is paid later.
 */
async function refuseIfAny(tx: Tx, row: RedeemRow, accountId: number, now: Date, checkPoints: boolean): Promise<void> {
  // One statement at a time: a transaction is one connection (docs/decisions/0057).
  const redeemed = await redeemedCounts(tx, accountId, [row.id]);
  const score = checkPoints ? await scoreOf(tx, accountId) : Number.MAX_SAFE_INTEGER;
  const refusal = pointRedeemRefusal({
    ...windowOf(row), points: row.points, left_count: row.leftCount, per_account_limit: row.perAccountLimit, redeemed: redeemed.get(row.id) ?? 0, score,
  }, toTimestamp(now));
  if (!refusal) return;
  if (refusal.reason === 'no_grade_left') throw notEnoughPoints(refusal.missing);
  throw fail.unprocessable(refusal.field, refusal.reason);
}

/** One unit, with a conditional UPDATE: `left_count` never goes below zero however many take at once. */
async function takeUnit(tx: Tx, redeemId: number): Promise<void> {
  const taken = await tx.update(pointRedeems).set({ leftCount: sql`${pointRedeems.leftCount} - 1` })
    .where(and(eq(pointRedeems.id, redeemId), sql`${pointRedeems.leftCount} > 0`)).returning({ id: pointRedeems.id });
  if (taken.length === 0) throw fail.unprocessable('point_redeem', 'no_inventory');
}

/** The SKU of a `sku` redeem, refused when the account owns the game or is paying for it (one copy per account). */
async function grantableSku(tx: Tx, row: RedeemRow, accountId: number, now: Date): Promise<SkuRow> {
  const [sku] = await loadSkuRows(tx, [row.skuId!]);
  if (!sku || sku.sku.area !== row.area || !isKeyedKind(sku.kind)) throw fail.unprocessable('point_redeem', 'inactive');
  if (isGameKind(sku.kind)) {
    const inLibrary = await libraryProductIds(tx, accountId, [sku.sku.productId]);
    const held = await heldProducts(tx, accountId, [sku.sku.productId], now);
    if (inLibrary.has(sku.sku.productId) || held.get(sku.sku.productId) === 'owned') throw fail.unprocessable('sku', 'owned');
    if (held.get(sku.sku.productId) === 'locked') throw fail.unprocessable('sku', 'locked');
  }
  return sku;
}

export interface RedeemResult {
  point_redeem: PointRedeem;
  score: number;
  account_coupon_id: number | null;
  order_id: number | null;
}

/**
 * POST /api/point_redeems/{id}/redeem (docs/product/deals.md#points-shop): in one transaction under the
 * buyer's lock — the refusals, one unit taken (`left_count > 0`), the points spent (`score >= points`, a
 * `consume` record naming the redeem), then what it gives: a coupon through coupons' grant, or a SKU
 * through a zero-price order completed at once, so its key and library entry come by the one fulfilment
 * path. Any refusal rolls all of it back.
 */
export async function redeemPoints(deps: Deps, buyer: Buyer, redeemId: number): Promise<RedeemResult> {
  await findRedeem(deps.db, buyer.area, redeemId);
  const now = deps.clock.now();
  let completion: CompletionOutcome | undefined;
  const given = await deps.db.transaction(async (tx) => {
    await lockBuyer(tx, buyer.accountId);
    const row = await findRedeem(tx, buyer.area, redeemId);
    await refuseIfAny(tx, row, buyer.accountId, now, true);
    await takeUnit(tx, row.id);
    if (!(await spendScore(tx, buyer.accountId, row.points, 'point_redeem', { type: 'point_redeem', id: row.id }))) {
      throw notEnoughPoints(missingPoints(await scoreOf(tx, buyer.accountId), row.points));
    }
    let accountCouponId: number | null = null;
    let orderId: number | null = null;
    if (row.type === 'coupon') {
      // Held already is told apart from run out: the account cannot take a second one either way.
      if ((await heldCouponId(tx, buyer.accountId, row.couponId!)) !== null) throw couponRefusal('held');
      const granted = await grantCoupon(tx, buyer.accountId, row.area, row.couponId!, now);
      if ('problem' in granted) throw couponRefusal(granted.problem);
      accountCouponId = granted.accountCouponId;
    } else {
      const sku = await grantableSku(tx, row, buyer.accountId, now);
      completion = await completeGrantOrder(tx, deps, buyer.accountId, sku, now, buyer.ip);
      orderId = completion.orderId;
    }
    await tx.insert(pointRedemptions).values({ redeemId: row.id, accountId: buyer.accountId, via: 'redeem', points: row.points, orderId, accountCouponId, createdAt: now });
    return { accountCouponId, orderId };
  });
  // Not awaited: the answer does not wait for a supplier's key (runAfterCommit never throws).
  if (completion) void runAfterCommit(deps, completion);
  const [point_redeem] = await presentRedeems(deps.db, [await findRedeem(deps.db, buyer.area, redeemId)], now);
  return { point_redeem: point_redeem!, score: await scoreOf(deps.db, buyer.accountId), account_coupon_id: given.accountCouponId, order_id: given.orderId };
}

/**
 * POST /api/point_redeems/{id}/orders: a one-click order of a `sku` redeem's SKU through the normal
 * checkout (every rule of an order), holding one unit in the order's transaction; the web goes to its
 * checkout, where points pay it at the SKU's points price (which a `sku` redeem's price is set from).
 * The unit comes back when the order ends unpaid (the release step below).
 */
export async function placePointsOrder(deps: Deps, buyer: Buyer, redeemId: number, addressId?: number): Promise<{ id: number }> {
  const row = await findRedeem(deps.db, buyer.area, redeemId);
  if (row.type !== 'sku') throw fail.unprocessable('point_redeem', 'status_invalid');
  const [sku] = await loadSkuRows(deps.db, [row.skuId!]);
  if (!sku) throw fail.notFound();
  const order = await createOrder(deps, buyer, { sku_ids: [sku.sku.id], cate: sku.cate, type: 'one_click', address_id: addressId }, {
    async onOrderWritten(tx: Tx, orderId: number, now: Date) {
      const current = await findRedeem(tx, buyer.area, redeemId);
      await refuseIfAny(tx, current, buyer.accountId, now, false);
      await takeUnit(tx, current.id);
      await tx.insert(pointRedemptions).values({ redeemId: current.id, accountId: buyer.accountId, via: 'order', points: current.points, orderId, createdAt: now });
    },
  });
  return { id: order.id };
}

/**
 * Registered with orders: when unpaid orders end (expired, canceled, deleted), in that transaction, each
 * unit they held is marked released once and goes back to its redeem's `left_count`.
 */
export const returnPointRedeemUnits: OrderReleaseStep = {
  name: 'point redeem units',
  async run(tx, orderIds) {
    const released = await tx.update(pointRedemptions).set({ released: true })
      .where(and(inArray(pointRedemptions.orderId, [...orderIds]), eq(pointRedemptions.via, 'order'), eq(pointRedemptions.released, false)))
      .returning({ redeemId: pointRedemptions.redeemId });
    const perRedeem = new Map<number, number>();
    for (const { redeemId } of released) perRedeem.set(redeemId, (perRedeem.get(redeemId) ?? 0) + 1);
    for (const [redeemId, units] of [...perRedeem].sort(([a], [b]) => a - b)) {
      await tx.update(pointRedeems).set({ leftCount: sql`${pointRedeems.leftCount} + ${units}` }).where(eq(pointRedeems.id, redeemId));
    }
  },
};
