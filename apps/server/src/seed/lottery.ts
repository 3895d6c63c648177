import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Area } from '@lantern/domain';
import type { Deps } from '../platform/deps.ts';
import { products, skus } from '../modules/catalog/tables.ts';
import { coupons } from '../modules/coupons/tables.ts';
import { gameKeys } from '../modules/keys/tables.ts';
import { createLottery } from '../modules/lottery/staff.ts';

const DAY = 86_400;

/** A game of the site whose pool has keys (a lottery's game prize comes from the pool), not the best-ranked few the shop takes. */
async function keyedGame(deps: Deps, area: Area): Promise<{ id: number; listPrice: number } | null> {
  const rows = await deps.db.select({ id: skus.id, listPrice: skus.listPrice }).from(skus).innerJoin(products, eq(products.id, skus.productId))
    .where(and(eq(skus.area, area), eq(skus.status, 'sale'), isNull(skus.region), eq(products.kind, 'game'))).orderBy(desc(skus.rank), asc(skus.id)).limit(40);
  if (rows.length === 0) return null;
  const stocked = await deps.db.select({ skuId: gameKeys.skuId, n: count() }).from(gameKeys)
    .where(and(inArray(gameKeys.skuId, rows.map((r) => r.id)), eq(gameKeys.state, 'available'), isNull(gameKeys.setAsideFor))).groupBy(gameKeys.skuId);
  const withKeys = new Set(stocked.filter((s) => s.n >= 3).map((s) => s.skuId));
  return rows.slice(10).find((r) => withKeys.has(r.id)) ?? rows.find((r) => withKeys.has(r.id)) ?? null;
}

async function lotteryCoupon(deps: Deps, area: Area, now: Date): Promise<number> {
  const cny = area === 'native';
  const [row] = await deps.db.insert(coupons).values({
    area, title: cny ? { chs: '抽奖券 无门槛 ¥10', en: 'Lottery coupon: ¥10 off' } : { chs: '抽奖券 无门槛 $2', en: 'Lottery coupon: $2 off' },
    discountType: 'amount', value: cny ? 10_00 : 2_00, minimumOrder: 0, validFrom: now, validUntil: new Date(now.getTime() + 60 * DAY * 1000),
    applyTo: { include_sku_ids: [], include_product_ids: [], exclude_sku_ids: [], exclude_product_ids: [] }, totalAmount: 500, leftAmount: 500,
    // Given only by the lottery: a code nobody is told keeps it off the claim page.
    code: `LOTTERY-${randomBytes(6).toString('hex').toUpperCase()}`, needCaptcha: true, createdAt: now,
  }).returning({ id: coupons.id });
  return row!.id;
}

/**
 * A lottery per site, running for two weeks and drawn with points (points, a coupon and a game; mainland
 * prizes valued in fen, international in cents), and one that ended yesterday, its seed revealed so anyone
 * can check its draws (docs/product/deals.md#lottery-fairness). Made through the staff service, so they obey
 * its checks (the mainland cap among them).
 */
export async function seedLotteries(deps: Deps): Promise<{ lotteries: number[] }> {
  const ids: number[] = [];
  const nowSec = Math.floor(deps.clock.now().getTime() / 1000);
  for (const area of ['native', 'abroad'] as const) {
    const cny = area === 'native';
    const game = await keyedGame(deps, area);
    const couponId = await lotteryCoupon(deps, area, deps.clock.now());
    const prizes = [
      { kind: 'points' as const, title: { chs: '20 积分', en: '20 points' }, points: 20, value: cny ? 20 : 3, weight: 600, count: 5_000 },
      { kind: 'points' as const, title: { chs: '200 积分', en: '200 points' }, points: 200, value: cny ? 200 : 30, weight: 150, count: 500 },
      { kind: 'coupon' as const, title: cny ? { chs: '¥10 无门槛券', en: '¥10 coupon' } : { chs: '$2 无门槛券', en: '$2 coupon' }, coupon_id: couponId, value: cny ? 10_00 : 2_00, weight: 200, count: 300 },
      ...(game ? [{ kind: 'game' as const, title: { chs: '一款游戏', en: 'A full game' }, sku_id: game.id, value: game.listPrice, weight: 50, count: 3 }] : []),
    ];
    const running = await createLottery(deps, {
      area, mode: 'points', title: { chs: '周末幸运抽奖', en: 'Weekend lucky draw' },
      description: { chs: '每次抽奖消耗 50 积分，每人每天 5 次。', en: 'Each draw costs 50 points; 5 draws a day per account.' },
      from_timestamp: nowSec - DAY, to_timestamp: nowSec + 14 * DAY, cost_points: 50, per_user_limit: 30, daily_limit: 5, prizes,
    });
    const ended = await createLottery(deps, {
      area, mode: 'points', title: { chs: '上周幸运抽奖（已结束）', en: 'Last week\'s lucky draw (ended)' },
      description: { chs: '已结束：种子已公开，可复核每一次抽奖。', en: 'Ended: its seed is revealed, so every draw can be checked.' },
      from_timestamp: nowSec - 8 * DAY, to_timestamp: nowSec - DAY, cost_points: 50, prizes: prizes.slice(0, 2),
    });
    ids.push(running.id, ended.id);
  }
  return { lotteries: ids };
}
