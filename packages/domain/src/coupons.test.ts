import { describe, expect, it } from 'vitest';
import { sortCouponsForSettlement, sortCouponsNewestFirst, sortGiftPacks } from './coupons.ts';

const coupon = (id: number, value: number, minimum_order: number, valid_until_timestamp: number | null) => ({
  id,
  value,
  minimum_order,
  valid_until_timestamp,
});

const ids = (items: readonly { id: number }[]) => items.map((c) => c.id);

describe('sortCouponsForSettlement', () => {
  it('orders by value descending first', () => {
    expect(ids(sortCouponsForSettlement([coupon(1, 500, 0, 10), coupon(2, 2000, 9000, 99), coupon(3, 1000, 0, 1)]))).toEqual([
      2, 3, 1,
    ]);
  });

  it('breaks value ties by minimum_order descending', () => {
    expect(ids(sortCouponsForSettlement([coupon(1, 1000, 5000, 10), coupon(2, 1000, 10000, 99), coupon(3, 1000, 0, 1)]))).toEqual([
      2, 1, 3,
    ]);
  });

  it('breaks value and minimum ties by end time ascending, open-ended last', () => {
    expect(
      ids(sortCouponsForSettlement([coupon(1, 1000, 0, null), coupon(2, 1000, 0, 300), coupon(3, 1000, 0, 200)])),
    ).toEqual([3, 2, 1]);
  });

  it('breaks complete ties by id, so the order is stable', () => {
    expect(ids(sortCouponsForSettlement([coupon(9, 1000, 0, 5), coupon(4, 1000, 0, 5), coupon(7, 1000, 0, 5)]))).toEqual([
      4, 7, 9,
    ]);
    expect(ids(sortCouponsForSettlement([coupon(9, 1, 0, null), coupon(4, 1, 0, null)]))).toEqual([4, 9]);
  });

  it('does not mutate its input', () => {
    const input = [coupon(1, 1, 0, 1), coupon(2, 2, 0, 1)];
    sortCouponsForSettlement(input);
    expect(ids(input)).toEqual([1, 2]);
  });
});

describe('sortCouponsNewestFirst', () => {
  it('orders by creation descending, then id descending', () => {
    const list = [
      { id: 1, created_at_timestamp: 100 },
      { id: 2, created_at_timestamp: 300 },
      { id: 3, created_at_timestamp: 200 },
      { id: 4, created_at_timestamp: 300 },
    ];
    expect(ids(sortCouponsNewestFirst(list))).toEqual([4, 2, 3, 1]);
    expect(ids(list)).toEqual([1, 2, 3, 4]);
  });
});

describe('sortGiftPacks', () => {
  it('orders by weight, then creation, both descending, then id', () => {
    const packs = [
      { id: 1, weight: 1, created_at_timestamp: 500 },
      { id: 2, weight: 5, created_at_timestamp: 100 },
      { id: 3, weight: 5, created_at_timestamp: 300 },
      { id: 4, weight: 0, created_at_timestamp: 900 },
      { id: 5, weight: 5, created_at_timestamp: 300 },
    ];
    expect(ids(sortGiftPacks(packs))).toEqual([5, 3, 2, 1, 4]);
  });
});
