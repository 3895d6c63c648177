import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Area } from '@lantern/domain';
import type { Deps } from '../platform/deps.ts';
import { awardScore } from '../modules/accounts/index.ts';
import { accounts } from '../modules/accounts/tables.ts';
import { products, skus, type LocalizedName } from '../modules/catalog/tables.ts';
import { createCouponArea } from '../modules/coupons/areas.ts';
import { coupons } from '../modules/coupons/tables.ts';
import { createGiftPack } from '../modules/gift-packs/staff.ts';
import { gameKeys } from '../modules/keys/tables.ts';
import { createPointRedeem } from '../modules/points-shop/staff.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Points of the demo shoppers (docs/demo-data.md): enough for a few coupons and a game, not for everything. */
export const DEMO_POINTS: Readonly<Record<string, number>> = { 'demo@lantern.test': 6_000, 'player@lantern.test': 2_000 };

interface ShopCoupon {
  title: LocalizedName;
  value: number;
  minimumOrder: number;
  points: number;
  listPoints: number;
  left: number;
}

/** Coupons only the points shop gives (redeemed, not claimed), priced in points; amounts in the site's minor units. */
function shopCoupons(area: Area): ShopCoupon[] {
  return area === 'native'
    ? [
      { title: { chs: '积分券 满 ¥50 减 ¥8', en: 'Points coupon: ¥8 off ¥50' }, value: 8_00, minimumOrder: 50_00, points: 300, listPoints: 400, left: 200 },
      { title: { chs: '积分券 无门槛 ¥15', en: 'Points coupon: ¥15 off, no minimum' }, value: 15_00, minimumOrder: 0, points: 900, listPoints: 1_200, left: 50 },
      { title: { chs: '积分券 满 ¥300 减 ¥60', en: 'Points coupon: ¥60 off ¥300' }, value: 60_00, minimumOrder: 300_00, points: 2_400, listPoints: 2_400, left: 3 },
    ]
    : [
      { title: { chs: '积分券 满 $15 减 $2', en: 'Points coupon: $2 off $15' }, value: 2_00, minimumOrder: 15_00, points: 150, listPoints: 200, left: 200 },
      { title: { chs: '积分券 无门槛 $3', en: 'Points coupon: $3 off, no minimum' }, value: 3_00, minimumOrder: 0, points: 400, listPoints: 500, left: 50 },
      { title: { chs: '积分券 满 $50 减 $10', en: 'Points coupon: $10 off $50' }, value: 10_00, minimumOrder: 50_00, points: 1_200, listPoints: 1_200, left: 3 },
    ];
}

/** Gift-pack coupons: a pack is claimed once per account, its coupons with it. */
function packCoupons(area: Area) {
  const cny = area === 'native';
  return {
    welcome: [
      { title: { chs: '礼包券 立减 ¥3', en: 'Pack coupon: ¥3 off' }, value: 3_00, minimumOrder: 0 },
      { title: { chs: '礼包券 满 ¥100 减 ¥15', en: 'Pack coupon: ¥15 off ¥100' }, value: 15_00, minimumOrder: 100_00 },
    ],
    featured: [
      { title: cny ? { chs: '游戏礼包 满 ¥60 减 ¥12', en: 'Game pack: ¥12 off ¥60' } : { chs: '游戏礼包 满 $20 减 $4', en: 'Game pack: $4 off $20' }, value: cny ? 12_00 : 4_00, minimumOrder: cny ? 60_00 : 20_00 },
    ],
    weekend: [
      { title: cny ? { chs: '周末礼包 立减 ¥6', en: 'Weekend pack: ¥6 off' } : { chs: '周末礼包 立减 $1', en: 'Weekend pack: $1 off' }, value: cny ? 6_00 : 1_00, minimumOrder: 0 },
      { title: cny ? { chs: '周末礼包 满 ¥200 减 ¥40', en: 'Weekend pack: ¥40 off ¥200' } : { chs: '周末礼包 满 $30 减 $6', en: 'Weekend pack: $6 off $30' }, value: cny ? 40_00 : 6_00, minimumOrder: cny ? 200_00 : 30_00 },
    ],
  };
}

const withCurrency = (area: Area, c: { title: LocalizedName }) => (area === 'native' ? c.title : { chs: c.title.chs.replaceAll('¥', '$'), en: c.title.en.replaceAll('¥', '$') });

async function insertCoupons(deps: Deps, area: Area, list: readonly { title: LocalizedName; value: number; minimumOrder: number; total?: number }[], listed: Date): Promise<number[]> {
  if (list.length === 0) return [];
  const rows = await deps.db.insert(coupons).values(list.map((c) => ({
    area, title: withCurrency(area, c), discountType: 'amount' as const, value: c.value, minimumOrder: c.minimumOrder, validFrom: listed, validUntil: new Date(listed.getTime() + 60 * DAY),
    applyTo: { include_sku_ids: [], include_product_ids: [], exclude_sku_ids: [], exclude_product_ids: [] }, totalAmount: c.total ?? 1_000, leftAmount: c.total ?? 1_000,
    // Given only by the shop or a pack: a code nobody is told keeps them off the claim page and claims by id.
    code: `GIFT-${randomBytes(6).toString('hex').toUpperCase()}`, needCaptcha: true, createdAt: listed,
  }))).returning({ id: coupons.id });
  return rows.map((r) => r.id);
}

/**
 * Base games of the site that points can pay for and whose pool has keys, best-ranked first, one SKU per
 * product. The international catalogue sells nothing for points, so there the shop's games are opened to
 * points first (a tenth of the price in cents, as the mainland catalogue does in fen).
 */
async function pointsGames(deps: Deps, area: Area, n: number) {
  const rows = await deps.db.select({ id: skus.id, productId: skus.productId, name: skus.skuName, canPointsPay: skus.canPointsPay, list: skus.listPrice, sale: skus.salePrice }).from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(and(eq(skus.area, area), eq(skus.status, 'sale'), isNull(skus.region), eq(products.kind, 'game'), area === 'native' ? eq(skus.canPointsPay, true) : undefined))
    .orderBy(desc(skus.rank), asc(skus.id)).limit(n * 6);
  if (rows.length === 0) return [];
  const stocked = await deps.db.select({ skuId: gameKeys.skuId, n: count() }).from(gameKeys)
    .where(and(inArray(gameKeys.skuId, rows.map((r) => r.id)), eq(gameKeys.state, 'available'), isNull(gameKeys.setAsideFor))).groupBy(gameKeys.skuId);
  const withKeys = new Set(stocked.filter((s) => s.n > 0).map((s) => s.skuId));
  const seen = new Set<number>();
  const picked = rows.filter((r) => r.list > 0 && withKeys.has(r.id) && !seen.has(r.productId) && seen.add(r.productId)).slice(0, n);
  for (const game of picked.filter((g) => !g.canPointsPay)) {
    await deps.db.update(skus).set({ canPointsPay: true, listPoints: Math.round(game.list / 10), salePoints: game.sale === null ? null : Math.round(game.sale / 10) }).where(eq(skus.id, game.id));
  }
  return picked;
}

/** The site's best-ranked game (the one the featured gift pack is tied to). */
async function topGame(deps: Deps, area: Area) {
  const [row] = await deps.db.select({ id: skus.id }).from(skus).innerJoin(products, eq(products.id, skus.productId))
    .where(and(eq(skus.area, area), eq(skus.status, 'sale'), isNull(skus.region), eq(products.kind, 'game'))).orderBy(desc(skus.rank), asc(skus.id)).limit(1);
  return row?.id ?? null;
}

/**
 * The points shop, gift packs and coupon areas of each site (after the catalogue, keys and coupons), made
 * through the staff services so they obey the same rules: four game keys and three coupons for points, three
 * gift packs (one shown on the best-ranked game's page), two coupon areas of the claimable coupons; and the
 * demo shoppers' points, given with their records. Answers what was written.
 */
export async function seedPointsAndGifts(deps: Deps): Promise<{ point_redeems: number; gift_packs: number; coupon_areas: number }> {
  const now = deps.clock.now();
  const sec = (ms: number) => Math.floor((now.getTime() + ms) / 1000);
  const written = { point_redeems: 0, gift_packs: 0, coupon_areas: 0 };
  for (const area of ['native', 'abroad'] as const) {
    let index = 0;
    for (const game of await pointsGames(deps, area, 4)) {
      await createPointRedeem(deps, {
        area, title: game.name, type: 'sku', target_id: game.id, left_count: [5, 12, 2, 8][index % 4]!, per_account_limit: 1, from_timestamp: sec(-DAY), index: index++,
      });
      written.point_redeems += 1;
    }
    const shop = shopCoupons(area);
    const shopIds = await insertCoupons(deps, area, shop.map((c) => ({ ...c, total: c.left })), new Date(now.getTime() - DAY));
    for (const [i, c] of shop.entries()) {
      await createPointRedeem(deps, {
        area, title: withCurrency(area, c), type: 'coupon', target_id: shopIds[i]!, points: c.points, list_points: c.listPoints, left_count: c.left,
        per_account_limit: 2, from_timestamp: sec(-DAY), to_timestamp: sec(30 * DAY), index: index++,
      });
      written.point_redeems += 1;
    }

    const packs = packCoupons(area);
    const listed = new Date(now.getTime() - 2 * HOUR);
    const featuredSku = await topGame(deps, area);
    const demoPacks = [
      { title: { chs: '新人礼包', en: 'Welcome pack' }, weight: 10, ids: await insertCoupons(deps, area, packs.welcome, listed), skuIds: [] as number[] },
      { title: { chs: '本周精选游戏礼包', en: 'Game of the week pack' }, weight: 20, ids: await insertCoupons(deps, area, packs.featured, listed), skuIds: featuredSku ? [featuredSku] : [] },
      { title: { chs: '周末狂欢礼包', en: 'Weekend pack' }, weight: 5, ids: await insertCoupons(deps, area, packs.weekend, listed), skuIds: featuredSku ? [featuredSku] : [] },
    ];
    for (const pack of demoPacks) {
      await createGiftPack(deps, { area, title: pack.title, weight: pack.weight, from_timestamp: sec(-DAY), to_timestamp: sec(14 * DAY), coupon_ids: pack.ids, sku_ids: pack.skuIds });
      written.gift_packs += 1;
    }

    const claimable = await deps.db.select({ id: coupons.id, type: coupons.discountType, minimum: coupons.minimumOrder }).from(coupons)
      .where(and(eq(coupons.area, area), isNull(coupons.code))).orderBy(asc(coupons.id));
    const moneyOff = claimable.filter((c) => c.type === 'amount').map((c) => c.id);
    const featured = claimable.filter((c) => c.type === 'percentage' || c.minimum === 0).map((c) => c.id);
    const areas = [
      { title: { chs: '满减专区', en: 'Money off your order' }, ids: moneyOff },
      { title: { chs: '精选好券', en: 'Picked for you' }, ids: featured },
    ];
    for (const [i, a] of areas.entries()) {
      if (a.ids.length === 0) continue;
      await createCouponArea(deps, { area, title: a.title, index: i, from_timestamp: sec(-DAY), to_timestamp: sec(30 * DAY), coupon_ids: a.ids.slice(0, 6) });
      written.coupon_areas += 1;
    }
  }

  for (const [email, points] of Object.entries(DEMO_POINTS)) {
    const [row] = await deps.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email)).limit(1);
    if (row) await awardScore(deps.db, row.id, points, 'welcome_gift');
  }
  return written;
}
