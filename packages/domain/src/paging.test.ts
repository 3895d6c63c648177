import { describe, expect, it } from 'vitest';
import { isListFinished, mergePage, parsePaging } from './paging.ts';

describe('paging', () => {
  it('replaces on page 1 and appends on later pages', () => {
    expect(mergePage([1, 2], [3, 4], 1)).toEqual([3, 4]);
    expect(mergePage([1, 2], [3, 4], 2)).toEqual([1, 2, 3, 4]);
    expect(mergePage([], [1], 3)).toEqual([1]);
  });

  it('is finished when a page comes back short', () => {
    expect(isListFinished(9, 10)).toBe(true);
    expect(isListFinished(0, 10)).toBe(true);
    expect(isListFinished(10, 10)).toBe(false);
  });

  it('reads page and per with defaults and bounds', () => {
    expect(parsePaging(undefined, undefined, 10)).toEqual({ page: 1, per: 10, offset: 0 });
    expect(parsePaging('3', '7', 10)).toEqual({ page: 3, per: 7, offset: 14 });
    expect(parsePaging(2, 15, 10)).toEqual({ page: 2, per: 15, offset: 15 });
    expect(parsePaging('0', '0', 10)).toEqual({ page: 1, per: 1, offset: 0 });
    expect(parsePaging('-4', '1000', 10)).toEqual({ page: 1, per: 100, offset: 0 });
    expect(parsePaging('abc', '2.5', 10)).toEqual({ page: 1, per: 10, offset: 0 });
    expect(parsePaging('', '', 5)).toEqual({ page: 1, per: 5, offset: 0 });
  });
});
