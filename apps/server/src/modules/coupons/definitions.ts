import { and, eq, sql } from 'drizzle-orm';
import type { CreateCouponRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { AppError, FieldErrorList } from '../../platform/errors.ts';
import { presentCoupon } from './coupons.ts';
import { coupons } from './tables.ts';

const at = (seconds: number | undefined) => (seconds === undefined ? null : new Date(seconds * 1000));

/**
 * Staff create a coupon definition. The rules the database also checks (a percentage of at most 100) are
 * answered as field reasons first; an end must follow the start and lie ahead; a code is unique per site
 * in any case (codes are compared case-insensitively when claimed, so `LANTERN10` and `lantern10` collide).
 */
export async function createCoupon(deps: Deps, input: CreateCouponRequest['coupon']) {
  const now = deps.clock.now();
  const validFrom = at(input.valid_from_timestamp);
  const validUntil = at(input.valid_until_timestamp);
  const errors = new FieldErrorList();
  if (input.discount_type === 'percentage' && input.value > 100) errors.add('value', 'invalid');
  if (validUntil && validUntil.getTime() <= now.getTime()) errors.add('valid_until_timestamp', 'expired');
  if (validFrom && validUntil && validUntil.getTime() <= validFrom.getTime()) errors.add('valid_until_timestamp', 'invalid');
  errors.throwIfAny();

  const code = input.code?.toUpperCase() ?? null;
  if (code) {
    const [clash] = await deps.db.select({ id: coupons.id }).from(coupons).where(and(eq(coupons.area, input.area), sql`upper(${coupons.code}) = ${code}`)).limit(1);
    if (clash) throw new AppError(409, { code: ['taken'] });
  }
  const applyTo = input.apply_to ?? { include_games: { sku_ids: [], product_ids: [] }, exclude_games: { sku_ids: [], product_ids: [] } };
  const [row] = await deps.db
    .insert(coupons)
    .values({
      area: input.area, title: input.title, discountType: input.discount_type, value: input.value, minimumOrder: input.minimum_order,
      validFrom, validUntil, totalAmount: input.total_amount, leftAmount: input.total_amount, code, needCaptcha: input.need_captcha, createdAt: now,
      applyTo: {
        include_sku_ids: applyTo.include_games.sku_ids, include_product_ids: applyTo.include_games.product_ids,
        exclude_sku_ids: applyTo.exclude_games.sku_ids, exclude_product_ids: applyTo.exclude_games.product_ids,
      },
    })
    .onConflictDoNothing()
    .returning();
  // Two staff creating the same code at once: the unique index decides.
  if (!row) throw new AppError(409, { code: ['taken'] });
  return presentCoupon(row);
}
