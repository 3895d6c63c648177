import { describe, expect, it } from 'vitest';
import { allocateDiscount, lineAmount, orderTotals } from './order-totals.ts';

describe('orderTotals', () => {
  it('adds list and sale amounts and takes the coupon off', () => {
    const lines = [
      { list_price: 9800, sale_price: 4900, quantity: 1 },
      { list_price: 1999, sale_price: 1999, quantity: 3 },
    ];
    expect(orderTotals(lines, 1000)).toEqual({
      list_amount: 15797, subtotal_amount: 10897, sale_discount_amount: 4900, coupon_amount: 1000, total_amount: 9897,
    });
  });
  it('never goes below zero', () => {
    expect(orderTotals([{ list_price: 500, sale_price: 300, quantity: 1 }], 1000)).toMatchObject({ coupon_amount: 300, total_amount: 0 });
  });
  it('is zero for no lines', () => {
    expect(orderTotals([], 0)).toEqual({ list_amount: 0, subtotal_amount: 0, sale_discount_amount: 0, coupon_amount: 0, total_amount: 0 });
  });
  it('refuses fractions of a minor unit and negative amounts', () => {
    expect(() => orderTotals([{ list_price: 1, sale_price: 0.5, quantity: 1 }], 0)).toThrow(RangeError);
    expect(() => orderTotals([{ list_price: 1, sale_price: 1, quantity: 1 }], -1)).toThrow(RangeError);
    expect(() => lineAmount({ list_price: 1, sale_price: 1, quantity: 1.5 })).toThrow(RangeError);
  });
});

describe('allocateDiscount', () => {
  it('splits in proportion, whole units, adding up exactly', () => {
    expect(allocateDiscount([6000, 4000], 1000)).toEqual([600, 400]);
    const shares = allocateDiscount([3333, 3333, 3334], 1000);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(shares).toEqual([333, 333, 334]);
  });
  it('gives remainders to the largest fractions, ties to the earlier line', () => {
    expect(allocateDiscount([1, 1, 1], 2)).toEqual([1, 1, 0]);
    expect(allocateDiscount([100, 100, 100], 100)).toEqual([34, 33, 33]);
  });
  it('gives nothing to lines of amount 0 and never more than a line costs', () => {
    expect(allocateDiscount([0, 500], 300)).toEqual([0, 300]);
    expect(allocateDiscount([200, 100], 5000)).toEqual([200, 100]);
  });
  it('is all zeros with no discount or no amount', () => {
    expect(allocateDiscount([100, 200], 0)).toEqual([0, 0]);
    expect(allocateDiscount([0, 0], 100)).toEqual([0, 0]);
    expect(allocateDiscount([], 100)).toEqual([]);
  });
  it('keeps the sum for many odd lines', () => {
    const amounts = [999, 1, 12345, 77, 5000, 3];
    for (const discount of [1, 7, 1234, 18424, 18425]) {
      const shares = allocateDiscount(amounts, discount);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(Math.min(discount, 18425));
      shares.forEach((s, i) => expect(s).toBeLessThanOrEqual(amounts[i]!));
    }
  });
});
