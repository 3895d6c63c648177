import { describe, expect, it } from 'vitest';
import { discountPercent, effectiveSalePrice, isFreeToGet, priceLabel, unitPointsPrice } from './pricing.ts';

describe('effectiveSalePrice', () => {
  it('uses the sale price when present, even when it is 0', () => {
    expect(effectiveSalePrice({ sale_price: 4900, list_price: 9900 })).toBe(4900);
    expect(effectiveSalePrice({ sale_price: 0, list_price: 9900 })).toBe(0);
  });

  it('falls back to the list price when the sale price is missing or null', () => {
    expect(effectiveSalePrice({ list_price: 9900 })).toBe(9900);
    expect(effectiveSalePrice({ sale_price: null, list_price: 9900 })).toBe(9900);
    expect(effectiveSalePrice({ sale_price: undefined, list_price: 9900 })).toBe(9900);
  });
});

describe('discountPercent', () => {
  it('gives whole percent off the list price', () => {
    expect(discountPercent(10000, 7500)).toBe(25);
    expect(discountPercent(9900, 4950)).toBe(50);
    expect(discountPercent(6800, 3400)).toBe(50);
  });

  it('rounds to nearest, halves up', () => {
    expect(discountPercent(3000, 2000)).toBe(33); // 33.33…
    expect(discountPercent(3000, 1000)).toBe(67); // 66.66…
    expect(discountPercent(800, 700)).toBe(13); // exactly 12.5
    expect(discountPercent(1000, 996)).toBe(0); // 0.4
  });

  it('is 0 without a list price or a lower sale price', () => {
    expect(discountPercent(0, 0)).toBe(0);
    expect(discountPercent(0, 100)).toBe(0);
    expect(discountPercent(1000, 1000)).toBe(0);
    expect(discountPercent(1000, 1200)).toBe(0);
  });

  it('is 100 only when free, 99 at most otherwise', () => {
    expect(discountPercent(1000, 0)).toBe(100);
    expect(discountPercent(100_000, 1)).toBe(99);
  });

  it('refuses non-integer money', () => {
    expect(() => discountPercent(99.5, 10)).toThrow(RangeError);
  });
});

describe('priceLabel', () => {
  it('labels 0 as free in both languages', () => {
    expect(priceLabel(0, 'CNY', 'zh-CN')).toEqual({ free: true, text: '免费' });
    expect(priceLabel(0, 'USD', 'en')).toEqual({ free: true, text: 'Free' });
  });

  it('formats minor units in the currency', () => {
    expect(priceLabel(4900, 'CNY', 'zh-CN')).toEqual({ free: false, text: '¥49.00' });
    expect(priceLabel(1999, 'USD', 'en')).toEqual({ free: false, text: '$19.99' });
    expect(priceLabel(123456, 'USD', 'en').text).toBe('$1,234.56');
    expect(priceLabel(1, 'CNY', 'zh-CN').text).toBe('¥0.01');
    expect(priceLabel(1999, 'USD', 'zh-CN').text).toBe('US$19.99');
  });

  it('refuses non-integer money', () => {
    expect(() => priceLabel(19.99, 'USD', 'en')).toThrow(RangeError);
  });
});

describe('unitPointsPrice', () => {
  it('is the sale points, falling back to the list points', () => {
    expect(unitPointsPrice({ can_points_pay: true, sale_points: 300, list_points: 500 })).toBe(300);
    expect(unitPointsPrice({ can_points_pay: true, sale_points: null, list_points: 500 })).toBe(500);
  });

  it('is null when the SKU cannot be paid with points or has no points price', () => {
    expect(unitPointsPrice({ can_points_pay: false, sale_points: 300, list_points: 500 })).toBeNull();
    expect(unitPointsPrice({ can_points_pay: true, sale_points: null, list_points: null })).toBeNull();
  });
});

describe('isFreeToGet', () => {
  it('offers a SKU priced 0 for nothing, by its sale price when set', () => {
    expect(isFreeToGet({ list_price: 0 })).toBe(true);
    expect(isFreeToGet({ list_price: 4999, sale_price: 0 })).toBe(true);
    expect(isFreeToGet({ list_price: 0, sale_price: null, support_cash_pay: true })).toBe(true);
  });

  it('never calls a priced SKU free, nor one sold for points only', () => {
    expect(isFreeToGet({ list_price: 4999 })).toBe(false);
    expect(isFreeToGet({ list_price: 0, sale_price: 1 })).toBe(false);
    expect(isFreeToGet({ list_price: 0, support_cash_pay: false })).toBe(false);
  });
});
