import { describe, expect, it } from 'vitest';
import { bundlePickProblem, bundleRegularPrice, bundleRegularPrices, bundleSaving, queueComplete, splitByLargestRemainder } from './bundles.ts';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('splitByLargestRemainder', () => {
  it('splits in proportion to the weights, the left-over units to the largest remainders', () => {
    expect(splitByLargestRemainder(9900, [5800, 6800, 4200])).toEqual([3418, 4007, 2475]);
    expect(sum(splitByLargestRemainder(9900, [5800, 6800, 4200]))).toBe(9900);
    expect(splitByLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitByLargestRemainder(2, [1, 1, 1])).toEqual([1, 1, 0]);
  });

  it('gives ties to the earlier line and splits evenly when every weight is zero', () => {
    expect(splitByLargestRemainder(1, [5, 5])).toEqual([1, 0]);
    expect(splitByLargestRemainder(10, [0, 0, 0])).toEqual([4, 3, 3]);
  });

  it('gives a zero-weight line nothing when others weigh', () => {
    expect(splitByLargestRemainder(1999, [0, 1000, 3000])).toEqual([0, 500, 1499]);
  });

  it('handles zero totals, one line and empty lists', () => {
    expect(splitByLargestRemainder(0, [10, 20])).toEqual([0, 0]);
    expect(splitByLargestRemainder(1999, [7])).toEqual([1999]);
    expect(splitByLargestRemainder(0, [])).toEqual([]);
    expect(() => splitByLargestRemainder(5, [])).toThrow(RangeError);
  });

  it('refuses negative or fractional amounts', () => {
    expect(() => splitByLargestRemainder(-1, [1])).toThrow(RangeError);
    expect(() => splitByLargestRemainder(1.5, [1])).toThrow(RangeError);
    expect(() => splitByLargestRemainder(10, [1, -1])).toThrow(RangeError);
    expect(() => splitByLargestRemainder(10, [0.5])).toThrow(RangeError);
  });

  it('always sums to the total exactly, each share within one unit of its exact share (many random cases)', () => {
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 2000; i++) {
      const weights = Array.from({ length: 1 + random(8) }, () => random(50_000));
      const total = random(1_000_000);
      const shares = splitByLargestRemainder(total, weights);
      expect(sum(shares)).toBe(total);
      const weightSum = sum(weights) || weights.length;
      shares.forEach((share, j) => {
        const exact = (total * (sum(weights) === 0 ? 1 : weights[j]!)) / weightSum;
        expect(Number.isInteger(share)).toBe(true);
        expect(Math.abs(share - exact)).toBeLessThan(1);
      });
    }
  });

  it('stays exact for large totals and weights', () => {
    const shares = splitByLargestRemainder(2_000_000_000, [2_000_000_000, 1_999_999_999, 3]);
    expect(sum(shares)).toBe(2_000_000_000);
  });
});

describe('bundlePickProblem', () => {
  const pool = [{ id: 1, product_id: 10 }, { id: 2, product_id: 20 }, { id: 3, product_id: 20 }, { id: 4, product_id: 40 }];
  it('accepts exactly N distinct pool games of distinct products', () => {
    expect(bundlePickProblem([1, 2, 4], 3, pool)).toBeNull();
  });
  it('refuses the wrong count or an id twice', () => {
    expect(bundlePickProblem([1, 2], 3, pool)).toBe('pick_count');
    expect(bundlePickProblem([1, 2, 4, 3], 3, pool)).toBe('pick_count');
    expect(bundlePickProblem([1, 1, 2], 3, pool)).toBe('pick_count');
  });
  it('refuses a game outside the pool, then two editions of one product', () => {
    expect(bundlePickProblem([1, 2, 99], 3, pool)).toBe('not_in_pool');
    expect(bundlePickProblem([1, 2, 3], 3, pool)).toBe('duplicate');
  });
});

describe('bundleSaving and queueComplete', () => {
  it('saves the regular sum less the bundle price, never below zero', () => {
    expect(bundleSaving(9900, [5800, 6800, 4200])).toBe(6900);
    expect(bundleSaving(9900, [1000])).toBe(0);
  });
  it('is complete only when every item was viewed', () => {
    expect(queueComplete([1, 2, 3], [3, 1, 2, 9])).toBe(true);
    expect(queueComplete([1, 2, 3], [1, 2])).toBe(false);
    expect(queueComplete([], [])).toBe(false);
  });
});

describe('bundleRegularPrice', () => {
  it('prices each game at what it costs alone today: the sale price, else the list price', () => {
    const games = [{ list_price: 6800, sale_price: 3400 }, { list_price: 5800, sale_price: null }, { list_price: 4200 }];
    expect(bundleRegularPrices(games)).toEqual([3400, 5800, 4200]);
    expect(bundleRegularPrice(games)).toBe(13400);
  });
  it('is zero for no games, and the saving is measured against it', () => {
    expect(bundleRegularPrice([])).toBe(0);
    const games = [{ list_price: 6800, sale_price: 3400 }, { list_price: 5800 }];
    expect(bundleSaving(8000, bundleRegularPrices(games))).toBe(1200);
  });
});
