import { describe, expect, it } from 'vitest';
import { accountCouponState, couponCoversSku, couponScopeLabel, couponDiscount, couponPeriodProblem, evaluateCoupon, type CouponTerms } from './coupon-rules.ts';

const everything = { include_sku_ids: [], include_product_ids: [], exclude_sku_ids: [], exclude_product_ids: [] };
const terms = (over: Partial<CouponTerms> = {}): CouponTerms => ({
  discount_type: 'amount', value: 1000, minimum_order: 0, scope: everything, valid_from_timestamp: null, valid_until_timestamp: null, ...over,
});

describe('couponCoversSku', () => {
  it('covers everything when nothing is included', () => {
    expect(couponCoversSku(everything, { id: 1, product_id: 2 })).toBe(true);
  });
  it('covers only included SKUs or products when a list is given', () => {
    const scope = { ...everything, include_sku_ids: [1], include_product_ids: [20] };
    expect(couponCoversSku(scope, { id: 1, product_id: 9 })).toBe(true);
    expect(couponCoversSku(scope, { id: 5, product_id: 20 })).toBe(true);
    expect(couponCoversSku(scope, { id: 5, product_id: 9 })).toBe(false);
  });
  it('lets an exclusion win over an inclusion', () => {
    expect(couponCoversSku({ ...everything, include_product_ids: [20], exclude_sku_ids: [5] }, { id: 5, product_id: 20 })).toBe(false);
    expect(couponCoversSku({ ...everything, exclude_product_ids: [20] }, { id: 5, product_id: 20 })).toBe(false);
    expect(couponCoversSku({ ...everything, exclude_product_ids: [20] }, { id: 6, product_id: 21 })).toBe(true);
  });
});

describe('couponPeriodProblem', () => {
  it('is valid from its start (inclusive) until its end (exclusive)', () => {
    const t = { valid_from_timestamp: 100, valid_until_timestamp: 200 };
    expect(couponPeriodProblem(t, 99)).toBe('not_in_period');
    expect(couponPeriodProblem(t, 100)).toBeNull();
    expect(couponPeriodProblem(t, 199)).toBeNull();
    expect(couponPeriodProblem(t, 200)).toBe('expired');
  });
  it('has no bound where a bound is null', () => {
    expect(couponPeriodProblem({ valid_from_timestamp: null, valid_until_timestamp: null }, 0)).toBeNull();
    expect(couponPeriodProblem({ valid_from_timestamp: null, valid_until_timestamp: null }, 1e10)).toBeNull();
  });
});

describe('couponDiscount', () => {
  it('takes an amount off, never more than the subtotal', () => {
    expect(couponDiscount({ discount_type: 'amount', value: 1000 }, 5000)).toBe(1000);
    expect(couponDiscount({ discount_type: 'amount', value: 1000 }, 999)).toBe(999);
    expect(couponDiscount({ discount_type: 'amount', value: 1000 }, 0)).toBe(0);
  });
  it('takes a percentage off rounded down to a whole minor unit', () => {
    expect(couponDiscount({ discount_type: 'percentage', value: 10 }, 9999)).toBe(999);
    expect(couponDiscount({ discount_type: 'percentage', value: 15 }, 1999)).toBe(299);
    expect(couponDiscount({ discount_type: 'percentage', value: 33 }, 100)).toBe(33);
    expect(couponDiscount({ discount_type: 'percentage', value: 1 }, 99)).toBe(0);
  });
  it('never takes more than 100 percent', () => {
    expect(couponDiscount({ discount_type: 'percentage', value: 100 }, 4321)).toBe(4321);
    expect(couponDiscount({ discount_type: 'percentage', value: 150 }, 4321)).toBe(4321);
  });
  it('refuses money that is not whole minor units', () => {
    expect(() => couponDiscount({ discount_type: 'amount', value: 1 }, 1.5)).toThrow(RangeError);
    expect(() => couponDiscount({ discount_type: 'amount', value: -1 }, 10)).toThrow(RangeError);
  });
});

describe('evaluateCoupon', () => {
  const lines = [
    { sku_id: 1, product_id: 10, amount: 6000 },
    { sku_id: 2, product_id: 20, amount: 4000 },
  ];
  it('splits lines into covered and not covered, and measures the minimum on the covered ones', () => {
    const result = evaluateCoupon(terms({ scope: { ...everything, exclude_sku_ids: [2] }, minimum_order: 6000 }), lines, 0);
    expect(result).toEqual({ available_sku_ids: [1], unavailable_sku_ids: [2], eligible_subtotal: 6000, discount: 1000, problem: null });
  });
  it('reports a minimum order not met', () => {
    const result = evaluateCoupon(terms({ scope: { ...everything, exclude_sku_ids: [2] }, minimum_order: 6001 }), lines, 0);
    expect(result.problem).toBe('minimum_order');
    expect(result.discount).toBe(0);
  });
  it('reports a coupon that covers no line', () => {
    expect(evaluateCoupon(terms({ scope: { ...everything, include_sku_ids: [3] } }), lines, 0).problem).toBe('not_applicable');
    expect(evaluateCoupon(terms(), [], 0).problem).toBe('not_applicable');
  });
  it('reports an expired or not yet valid coupon first', () => {
    expect(evaluateCoupon(terms({ valid_until_timestamp: 10 }), lines, 10).problem).toBe('expired');
    expect(evaluateCoupon(terms({ valid_from_timestamp: 10 }), lines, 9).problem).toBe('not_in_period');
  });
  it('gives a percentage of the covered lines only', () => {
    const result = evaluateCoupon(terms({ discount_type: 'percentage', value: 25, scope: { ...everything, include_product_ids: [20] } }), lines, 0);
    expect(result.discount).toBe(1000);
    expect(result.available_sku_ids).toEqual([2]);
  });
  it('meets a minimum exactly equal to the subtotal', () => {
    expect(evaluateCoupon(terms({ minimum_order: 10000 }), lines, 0).problem).toBeNull();
  });
});

describe('accountCouponState', () => {
  it('is used, expired or available', () => {
    expect(accountCouponState({ used: true, valid_until_timestamp: 5 }, 10)).toBe('used');
    expect(accountCouponState({ used: false, valid_until_timestamp: 10 }, 10)).toBe('expired');
    expect(accountCouponState({ used: false, valid_until_timestamp: 11 }, 10)).toBe('available');
    expect(accountCouponState({ used: false, valid_until_timestamp: null }, 10)).toBe('available');
  });
});

describe('couponScopeLabel', () => {
  const none = { include_sku_ids: [], include_product_ids: [], exclude_sku_ids: [], exclude_product_ids: [] };
  it('calls a coupon without lists storewide, and it does cover a peripheral', () => {
    expect(couponScopeLabel(none)).toBe('storewide');
    expect(couponCoversSku(none, { id: 501, product_id: 77 })).toBe(true);
  });
  it('says so when some items are excluded, and names a coupon with include lists selected', () => {
    expect(couponScopeLabel({ ...none, exclude_product_ids: [3] })).toBe('storewide_except');
    expect(couponScopeLabel({ ...none, exclude_sku_ids: [3] })).toBe('storewide_except');
    expect(couponScopeLabel({ ...none, include_product_ids: [3] })).toBe('selected');
    expect(couponScopeLabel({ ...none, include_sku_ids: [3], exclude_sku_ids: [4] })).toBe('selected');
  });
});
