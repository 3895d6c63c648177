import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { MAINLAND_TOP_PRIZE_CAP, isGameKind, withinMainlandCap } from '@lantern/domain';
import type { LotteryActivity, createLotteryRequest, updateLotteryRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { FieldErrorList, fail } from '../../platform/errors.ts';
import { loadSkuRows } from '../catalog/index.ts';
import { couponAreaOf } from '../coupons/index.ts';
import { findActivity, presentActivity, prizesOf } from './activities.ts';
import { newSeed, newShareKey } from './fairness.ts';
import { activitiesChanged } from './rush.ts';
import { lotteryActivities, lotteryPrizes } from './tables.ts';

type CreateInput = z.infer<typeof createLotteryRequest>['lottery_activity'];
type UpdateInput = z.infer<typeof updateLotteryRequest>['lottery_activity'];

const atSec = (sec: number) => new Date(sec * 1000);

async function presentOne(deps: Deps, id: number): Promise<LotteryActivity> {
  const [row] = await deps.db.select().from(lotteryActivities).where(eq(lotteryActivities.id, id));
  return presentActivity(row!, await prizesOf(deps.db, [id]), deps.clock.now());
}

/**
 * Every prize names exactly what its kind gives, on the activity's site: points a number, a coupon one of the
 * site's coupons, a game a keyed SKU of a game, goods a physical SKU. All problems are answered at once.
 */
async function checkPrizes(deps: Deps, input: CreateInput, errors: FieldErrorList): Promise<void> {
  const skuIds = input.prizes.flatMap((p) => (p.sku_id === undefined ? [] : [p.sku_id]));
  if (input.required_sku_id != null) skuIds.push(input.required_sku_id);
  const skus = new Map((skuIds.length ? await loadSkuRows(deps.db, skuIds) : []).map((r) => [r.sku.id, r]));
  for (const [i, prize] of input.prizes.entries()) {
    const field = `prizes.${i}`;
    if (prize.kind === 'points') {
      if (prize.points === undefined) errors.add(`${field}.points`, 'blank');
    } else if (prize.kind === 'coupon') {
      if (prize.coupon_id === undefined) errors.add(`${field}.coupon_id`, 'blank');
      else if ((await couponAreaOf(deps.db, prize.coupon_id)) !== input.area) errors.add(`${field}.coupon_id`, 'invalid');
    } else {
      const sku = prize.sku_id === undefined ? undefined : skus.get(prize.sku_id);
      if (prize.sku_id === undefined) errors.add(`${field}.sku_id`, 'blank');
      else if (!sku || sku.sku.area !== input.area) errors.add(`${field}.sku_id`, 'invalid');
      else if (prize.kind === 'game' && !isGameKind(sku.kind)) errors.add(`${field}.sku_id`, 'invalid');
      else if (prize.kind === 'goods' && sku.cate !== 'physical') errors.add(`${field}.sku_id`, 'invalid');
    }
  }
  if (input.required_sku_id != null && skus.get(input.required_sku_id)?.sku.area !== input.area) errors.add('required_sku_id', 'invalid');
}

/**
 * POST /api/admin/lottery_activities (docs/product/deals.md#lottery-staff): the activity, its prizes and a
 * fresh seed, whose hash is public from now on. A mainland activity whose top prize is worth more than ¥50,000
 * is refused (`prizes: over_limit`, docs/product/deals.md#lottery-mainland-cap).
 */
export async function createLottery(deps: Deps, input: CreateInput): Promise<LotteryActivity> {
  const errors = new FieldErrorList();
  if (input.to_timestamp <= input.from_timestamp) errors.add('to_timestamp', 'invalid');
  if (!withinMainlandCap(input.area, input.prizes.map((p) => p.value))) errors.add('prizes', 'over_limit');
  await checkPrizes(deps, input, errors);
  errors.throwIfAny(422, { mainland_top_prize_cap: MAINLAND_TOP_PRIZE_CAP });
  const now = deps.clock.now();
  const { seed, seedHash } = newSeed();
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(lotteryActivities).values({
      area: input.area, mode: input.mode, title: input.title, description: input.description ?? { chs: '', en: '' },
      fromAt: atSec(input.from_timestamp), toAt: atSec(input.to_timestamp), costPoints: input.cost_points ?? 0,
      perUserLimit: input.per_user_limit ?? null, dailyLimit: input.daily_limit ?? null, minimumOrderAmount: input.minimum_order_amount ?? null,
      requiredSkuId: input.required_sku_id ?? null, shareDrawsPerOrder: input.share_draws_per_order ?? 0,
      seed, seedHash, shareKey: newShareKey(), createdAt: now, updatedAt: now,
    }).returning({ id: lotteryActivities.id });
    await tx.insert(lotteryPrizes).values(input.prizes.map((p, position) => ({
      activityId: row!.id, position, kind: p.kind, title: p.title, points: p.kind === 'points' ? p.points! : null,
      couponId: p.kind === 'coupon' ? p.coupon_id! : null, skuId: p.kind === 'game' || p.kind === 'goods' ? p.sku_id! : null,
      value: p.value, weight: p.weight, totalCount: p.count, leftCount: p.count,
    })));
    return row!.id;
  });
  return presentOne(deps, id);
}

/**
 * PATCH /api/admin/lottery_activities/{id}: its words, or closing it. The window, prizes and weights stay as
 * committed: changing them after the seed's hash was shown would make the published odds untrue.
 */
export async function updateLottery(deps: Deps, id: number, input: UpdateInput): Promise<LotteryActivity> {
  const [row] = await deps.db.select({ area: lotteryActivities.area }).from(lotteryActivities).where(eq(lotteryActivities.id, id));
  if (!row) throw fail.notFound();
  await findActivity(deps.db, row.area, id);
  await deps.db.update(lotteryActivities).set({ title: input.title, description: input.description, closed: input.closed, updatedAt: deps.clock.now() })
    .where(eq(lotteryActivities.id, id));
  // The rush's memory of empty activities answers from the row it read: a close must be told at once.
  activitiesChanged();
  return presentOne(deps, id);
}
