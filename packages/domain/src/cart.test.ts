import { describe, expect, it } from 'vitest';
import {
  CART_DELTA_MAX,
  CART_DELTA_MIN,
  CART_ITEM_MAX_QUANTITY,
  CART_MAX_LINES,
  checkCartQuantityChange,
  isCartFull,
  isCartRemoval,
} from './cart.ts';

describe('cart quantity', () => {
  it('lets keys and virtual goods change by -1..1', () => {
    expect([CART_DELTA_MIN, CART_DELTA_MAX]).toEqual([-1, 1]);
    expect(checkCartQuantityChange({ physical: false, from: 1, to: 2 })).toBeNull();
    expect(checkCartQuantityChange({ physical: false, from: 2, to: 1 })).toBeNull();
    expect(checkCartQuantityChange({ physical: false, from: 1, to: 1 })).toBeNull();
    expect(checkCartQuantityChange({ physical: false, from: 0, to: 1 })).toBeNull();
    expect(checkCartQuantityChange({ physical: false, from: 1, to: 0 })).toBeNull();
    expect(checkCartQuantityChange({ physical: false, from: 1, to: 3 })).toBe('out_of_range');
    expect(checkCartQuantityChange({ physical: false, from: 3, to: 1 })).toBe('out_of_range');
    expect(checkCartQuantityChange({ physical: false, from: 0, to: 2 })).toBe('out_of_range');
  });

  it('lets physical goods jump to any quantity within the maximum', () => {
    expect(checkCartQuantityChange({ physical: true, from: 1, to: 5 })).toBeNull();
    expect(checkCartQuantityChange({ physical: true, from: 5, to: 0 })).toBeNull();
    expect(checkCartQuantityChange({ physical: true, from: 1, to: CART_ITEM_MAX_QUANTITY })).toBeNull();
    expect(checkCartQuantityChange({ physical: true, from: 1, to: CART_ITEM_MAX_QUANTITY + 1 })).toBe('out_of_range');
  });

  it('refuses negative and fractional quantities', () => {
    for (const physical of [true, false]) {
      expect(checkCartQuantityChange({ physical, from: 0, to: -1 })).toBe('out_of_range');
      expect(checkCartQuantityChange({ physical, from: 1, to: 1.5 })).toBe('out_of_range');
      expect(checkCartQuantityChange({ physical, from: 1, to: Number.NaN })).toBe('out_of_range');
    }
  });

  it('removes an item at quantity 0', () => {
    expect(isCartRemoval(0)).toBe(true);
    expect(isCartRemoval(1)).toBe(false);
  });

  it('is full at the line limit', () => {
    expect(isCartFull(CART_MAX_LINES - 1)).toBe(false);
    expect(isCartFull(CART_MAX_LINES)).toBe(true);
  });
});
