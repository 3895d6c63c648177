import type { CartSku } from '@lantern/contract';
import { describe, expect, it } from 'vitest';
import { appliedCouponId, chooseCoupon, nextQuantity, quantityBounds, selectedLines, selectionTotals, toggleAll, toggleLine, type ChoosableCoupon } from './cartState';

type Line = Pick<CartSku, 'sku_id' | 'display' | 'quantity' | 'price' | 'sale_price'> & { sku: Pick<CartSku['sku'], 'cate' | 'kind' | 'product_id'> };

const line = (id: number, o: Partial<Line> & { cate?: 'game' | 'virtual' | 'physical'; kind?: string } = {}): Line & CartSku =>
  ({
    sku_id: id,
    display: o.display ?? true,
    quantity: o.quantity ?? 1,
    price: o.price ?? 10_00,
    sale_price: o.sale_price ?? 8_00,
    sku: { cate: o.cate ?? 'game', kind: o.kind ?? 'game', product_id: 100 + id },
  }) as unknown as Line & CartSku;

const coupon = (id: number, c: Partial<ChoosableCoupon['coupon']> = {}): ChoosableCoupon => ({
  id,
  coupon: {
    discount_type: c.discount_type ?? 'amount',
    value: c.value ?? 5_00,
    minimum_order: c.minimum_order ?? 0,
    valid_from_timestamp: c.valid_from_timestamp ?? null,
    valid_until_timestamp: c.valid_until_timestamp ?? null,
    apply_to: c.apply_to ?? { include_games: { sku_ids: [], product_ids: [] }, exclude_games: { sku_ids: [], product_ids: [] } },
  },
});

const NOW = 1_800_000_000;

describe('quantity rules (non-physical changes -1..1; 0 removes)', () => {
  it('a key moves between 0 and 1 only', () => {
    expect(quantityBounds(line(1, { quantity: 1 }))).toEqual({ min: 0, max: 1 });
    expect(nextQuantity(line(1, { quantity: 1 }), 5)).toBe(1);
    expect(nextQuantity(line(1, { quantity: 1 }), 0)).toBe(0);
  });

  it('a virtual good moves one step either way', () => {
    const l = line(2, { cate: 'virtual', kind: 'virtual', quantity: 3 });
    expect(quantityBounds(l)).toEqual({ min: 2, max: 4 });
    expect(nextQuantity(l, 10)).toBe(4);
    expect(nextQuantity(l, 0)).toBe(2);
  });

  it('a physical item may jump anywhere from 0 to 99', () => {
    const l = line(3, { cate: 'physical', kind: 'peripheral', quantity: 2 });
    expect(quantityBounds(l)).toEqual({ min: 0, max: 99 });
    expect(nextQuantity(l, 7)).toBe(7);
    expect(nextQuantity(l, 500)).toBe(99);
    expect(nextQuantity(l, Number.NaN)).toBe(2);
  });
});

describe('selection', () => {
  const lines = [line(1), line(2), line(3, { display: false })];

  it('starts with every orderable line and never includes an unavailable one', () => {
    expect(selectedLines(lines, new Set()).map((l) => l.sku_id)).toEqual([1, 2]);
    expect(selectedLines(lines, new Set([3])).map((l) => l.sku_id)).toEqual([1, 2]);
  });

  it('toggles a line, and all lines, through the set of lines switched off', () => {
    const off = toggleLine(new Set(), 1);
    expect(selectedLines(lines, off).map((l) => l.sku_id)).toEqual([2]);
    expect([...toggleLine(off, 1)]).toEqual([]);
    expect(selectedLines(lines, toggleAll(lines, new Set()))).toEqual([]);
    expect(selectedLines(lines, toggleAll(lines, off)).map((l) => l.sku_id)).toEqual([1, 2]);
  });

  it('a line that arrives later starts selected', () => {
    const off = new Set([1]);
    expect(selectedLines([...lines, line(4)], off).map((l) => l.sku_id)).toEqual([2, 4]);
  });

  it('totals list, charged and saved amounts in minor units', () => {
    const t = selectionTotals([line(1), line(2, { cate: 'physical', quantity: 3, price: 20_00, sale_price: 20_00 })]);
    expect(t).toEqual({ list: 10_00 + 60_00, subtotal: 8_00 + 60_00, saved: 2_00, count: 2, quantity: 4 });
  });
});

describe('coupon choice (settlement ordering: value desc, minimum_order desc, end time asc)', () => {
  const lines = [line(1, { sale_price: 30_00, price: 30_00 }), line(2, { sale_price: 20_00, price: 20_00 })];

  it('picks the biggest discount on the selected lines', () => {
    const { bestId, options } = chooseCoupon([coupon(1, { value: 5_00 }), coupon(2, { value: 10_00 }), coupon(3, { discount_type: 'percentage', value: 10 })], lines, NOW);
    expect(bestId).toBe(2);
    expect(options.map((o) => o.coupon.id)).toEqual([2, 1, 3]);
    expect(options.find((o) => o.coupon.id === 3)!.discount).toBe(5_00);
  });

  it('at equal value prefers the higher minimum order, then the one ending first', () => {
    const a = coupon(1, { value: 5_00, minimum_order: 0 });
    const b = coupon(2, { value: 5_00, minimum_order: 40_00, valid_until_timestamp: NOW + 900 });
    const c = coupon(3, { value: 5_00, minimum_order: 40_00, valid_until_timestamp: NOW + 100 });
    expect(chooseCoupon([a, b, c], lines, NOW).bestId).toBe(3);
    expect(chooseCoupon([a, b], lines, NOW).bestId).toBe(2);
  });

  it('skips coupons that do not fit the selection, saying why', () => {
    const tooHigh = coupon(1, { value: 30_00, minimum_order: 100_00 });
    const other = coupon(2, { value: 30_00, apply_to: { include_games: { sku_ids: [99], product_ids: [] }, exclude_games: { sku_ids: [], product_ids: [] } } });
    const ended = coupon(3, { value: 30_00, valid_until_timestamp: NOW - 1 });
    const ok = coupon(4, { value: 1_00 });
    const { bestId, options } = chooseCoupon([tooHigh, other, ended, ok], lines, NOW);
    expect(bestId).toBe(4);
    expect(Object.fromEntries(options.map((o) => [o.coupon.id, o.problem]))).toEqual({ 1: 'minimum_order', 2: 'not_applicable', 3: 'expired', 4: null });
  });

  it('measures a scoped coupon on the lines it covers only', () => {
    const only1 = coupon(1, { discount_type: 'percentage', value: 50, apply_to: { include_games: { sku_ids: [1], product_ids: [] }, exclude_games: { sku_ids: [], product_ids: [] } } });
    const o = chooseCoupon([only1], lines, NOW).options[0]!;
    expect(o.discount).toBe(15_00);
    expect(o.covers).toEqual([1]);
  });

  it('follows the selection: a coupon whose minimum the smaller selection misses is not picked', () => {
    const c = coupon(1, { value: 10_00, minimum_order: 40_00 });
    expect(chooseCoupon([c], lines, NOW).bestId).toBe(1);
    expect(chooseCoupon([c], [lines[0]!], NOW).bestId).toBeNull();
  });

  it('keeps the user pick while it works, "no coupon" when chosen, else the automatic pick', () => {
    const { options, bestId } = chooseCoupon([coupon(1, { value: 5_00 }), coupon(2, { value: 10_00 }), coupon(3, { minimum_order: 999_00 })], lines, NOW);
    expect(appliedCouponId(undefined, options, bestId)).toBe(2);
    expect(appliedCouponId(1, options, bestId)).toBe(1);
    expect(appliedCouponId(null, options, bestId)).toBeNull();
    expect(appliedCouponId(3, options, bestId)).toBe(2);
  });
});
