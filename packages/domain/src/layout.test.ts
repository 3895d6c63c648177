import { describe, expect, it } from 'vitest';
import { capCubes, isLayoutContentLive, isSpringboardVisible } from './layout.ts';

describe('layout', () => {
  const six = [1, 2, 3, 4, 5, 6];

  it('caps Hot_Group at 4 and Mall_Index_Headline at 3', () => {
    expect(capCubes('Hot_Group', six)).toEqual([1, 2, 3, 4]);
    expect(capCubes('Mall_Index_Headline', six)).toEqual([1, 2, 3]);
    expect(capCubes('Hot_Group', [1, 2])).toEqual([1, 2]);
  });

  it('leaves other kinds whole, as a copy', () => {
    const result = capCubes('Banner', six);
    expect(result).toEqual(six);
    expect(result).not.toBe(six);
  });

  it('shows a spring board until its end, exclusive', () => {
    expect(isSpringboardVisible(1000, 999)).toBe(true);
    expect(isSpringboardVisible(1000, 1000)).toBe(false);
    expect(isSpringboardVisible(null, 5000)).toBe(true);
    expect(isSpringboardVisible(undefined, 5000)).toBe(true);
  });

  it('keeps layout content live from its start to its end', () => {
    expect(isLayoutContentLive(100, 200, 99)).toBe(false);
    expect(isLayoutContentLive(100, 200, 100)).toBe(true);
    expect(isLayoutContentLive(100, 200, 199)).toBe(true);
    expect(isLayoutContentLive(100, 200, 200)).toBe(false);
    expect(isLayoutContentLive(null, null, 0)).toBe(true);
    expect(isLayoutContentLive(null, 200, 150)).toBe(true);
    expect(isLayoutContentLive(100, null, 150)).toBe(true);
  });
});
