import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Area, CouponScope } from '@lantern/domain';
import type { Deps } from '../platform/deps.ts';
import { products, skus, type LocalizedName } from '../modules/catalog/tables.ts';
import { coupons } from '../modules/coupons/tables.ts';

const HOUR = 3_600_000;
/** How many top-ranked games the percentage coupon covers. */
export const FEATURED_GAMES = 6;

/** The code coupon of each site (docs/demo-data.md): claimed on the coupon page with "Have a code?" and a captcha. */
export const DEMO_COUPON_CODES = { native: 'LANTERN10', abroad: 'WELCOME5' } as const;

interface DemoCoupon {
  title: LocalizedName;
  discountType: 'amount' | 'percentage';
  /** Minor units (amount) or whole percent (percentage). */
  value: number;
  minimumOrder: number;
  /** Only the featured games. */
  featured?: boolean;
  /** Listed this long ago (the claim page lists newest first). */
  ageHours: number;
  /** Ends this long from now. */
  validHours: number;
  total: number;
  code?: string;
}

/**
 * The claimable coupons of a site and its code coupon, in the site's currency. The weekend deal and the code
 * coupon take the same amount off, the deal with a minimum: on an order both fit, automatic settlement
 * (docs/product/buying.md#settlement-ordering) picks the deal (higher minimum, ends first).
 */
function demoCoupons(area: Area): DemoCoupon[] {
  if (area === 'native') {
    return [
      { title: { chs: '周末限时 满 ¥68 减 ¥10', en: 'Weekend deal: ¥10 off ¥68' }, discountType: 'amount', value: 10_00, minimumOrder: 68_00, ageHours: 2, validHours: 48, total: 500 },
      { title: { chs: '精选游戏 8 折', en: '20% off featured games' }, discountType: 'percentage', value: 20, minimumOrder: 0, featured: true, ageHours: 26, validHours: 30 * 24, total: 2000 },
      { title: { chs: '满 ¥199 减 ¥30', en: '¥30 off orders of ¥199' }, discountType: 'amount', value: 30_00, minimumOrder: 199_00, ageHours: 72, validHours: 30 * 24, total: 3000 },
      { title: { chs: '新人无门槛 立减 ¥5', en: 'Welcome: ¥5 off, no minimum' }, discountType: 'amount', value: 5_00, minimumOrder: 0, ageHours: 120, validHours: 90 * 24, total: 5000 },
      { title: { chs: '口令券 立减 ¥10', en: 'Code coupon: ¥10 off' }, discountType: 'amount', value: 10_00, minimumOrder: 0, ageHours: 24, validHours: 90 * 24, total: 10_000, code: DEMO_COUPON_CODES.native },
    ];
  }
  return [
    { title: { chs: '周末特惠 满 $20 减 $5', en: 'Weekend deal: $5 off $20 or more' }, discountType: 'amount', value: 5_00, minimumOrder: 20_00, ageHours: 2, validHours: 48, total: 500 },
    { title: { chs: '精选游戏 8 折', en: '20% off featured games' }, discountType: 'percentage', value: 20, minimumOrder: 0, featured: true, ageHours: 26, validHours: 30 * 24, total: 2000 },
    { title: { chs: '满 $40 减 $8', en: '$8 off orders of $40 or more' }, discountType: 'amount', value: 8_00, minimumOrder: 40_00, ageHours: 72, validHours: 30 * 24, total: 3000 },
    { title: { chs: '新人无门槛 立减 $2', en: 'Welcome: $2 off, no minimum' }, discountType: 'amount', value: 2_00, minimumOrder: 0, ageHours: 120, validHours: 90 * 24, total: 5000 },
    { title: { chs: '欢迎口令券 立减 $5', en: 'Welcome code: $5 off' }, discountType: 'amount', value: 5_00, minimumOrder: 0, ageHours: 24, validHours: 90 * 24, total: 10_000, code: DEMO_COUPON_CODES.abroad },
  ];
}

/** The site's best-ranked base games on sale everywhere on it: what "featured games" covers. */
async function featuredProductIds(deps: Deps, area: Area): Promise<number[]> {
  const rows = await deps.db
    .select({ productId: skus.productId })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(and(eq(skus.area, area), eq(skus.status, 'sale'), isNull(skus.region), eq(products.kind, 'game')))
    .orderBy(desc(skus.rank), asc(skus.id))
    .limit(FEATURED_GAMES * 3);
  return [...new Set(rows.map((r) => r.productId))].slice(0, FEATURED_GAMES);
}

/**
 * Demo coupons on each site (after the catalogue): four anyone can claim on /user_center/coupons — an amount
 * off with no minimum, one with a minimum order, a percentage off the featured games, a weekend deal that
 * ends in two days — and one claimed with its code and a captcha. Answers how many were written.
 */
export async function seedCoupons(deps: Deps): Promise<number> {
  const now = deps.clock.now().getTime();
  let written = 0;
  for (const area of ['native', 'abroad'] as const) {
    const featured = await featuredProductIds(deps, area);
    const rows = demoCoupons(area)
      // A percentage off nothing would be a coupon nobody can use: without featured games there is none.
      .filter((c) => !c.featured || featured.length > 0)
      .map((c) => {
        const scope: CouponScope = { include_sku_ids: [], include_product_ids: c.featured ? featured : [], exclude_sku_ids: [], exclude_product_ids: [] };
        const listed = new Date(now - c.ageHours * HOUR);
        return {
          area, title: c.title, discountType: c.discountType, value: c.value, minimumOrder: c.minimumOrder, validFrom: listed,
          validUntil: new Date(now + c.validHours * HOUR), applyTo: scope, totalAmount: c.total, leftAmount: c.total,
          code: c.code ?? null, needCaptcha: c.code !== undefined, createdAt: listed,
        };
      });
    await deps.db.insert(coupons).values(rows);
    written += rows.length;
  }
  return written;
}
