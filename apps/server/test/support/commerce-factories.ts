import type { Area } from '@lantern/domain';
import type { TestApp } from './harness.ts';
import { coupons } from '../../src/modules/coupons/tables.ts';
import { names } from './catalog-factories.ts';

const DAY = 86_400_000;
let sequence = 0;

export interface CouponOptions extends Partial<Omit<typeof coupons.$inferInsert, 'applyTo'>> {
  applyTo?: Partial<typeof coupons.$inferInsert['applyTo']>;
}

/** A coupon definition written straight to the database: 10.00 off, no minimum, valid from a day ago for 30 days, 100 to claim. */
export async function makeCoupon(t: TestApp, options: CouponOptions = {}) {
  const n = ++sequence;
  const now = t.clock.now().getTime();
  const { applyTo, ...rest } = options;
  const [row] = await t.deps.db
    .insert(coupons)
    .values({
      area: 'native' as Area,
      title: names(`Coupon ${n}`, `优惠券${n}`),
      discountType: 'amount',
      value: 1000,
      minimumOrder: 0,
      validFrom: new Date(now - DAY),
      validUntil: new Date(now + 30 * DAY),
      applyTo: { include_sku_ids: [], include_product_ids: [], exclude_sku_ids: [], exclude_product_ids: [], ...applyTo },
      totalAmount: options.leftAmount ?? 100,
      leftAmount: 100,
      createdAt: new Date(now - 1000 * (1000 - n)),
      ...rest,
    })
    .returning();
  return row!;
}
