import { describe, expect, it } from 'vitest';
import { PAGE_SIZES } from './constants.ts';
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

  it('serves every list at its own page size, so a full page never reads as the last one', () => {
    // A list's size above the bound would be clamped on the server: a full page would come back shorter than
    // the client asked for and the list would end early (isListFinished).
    for (const [list, per] of Object.entries(PAGE_SIZES)) {
      const served = parsePaging(1, per, per).per;
      expect(served, list).toBe(per);
      expect(isListFinished(served, per), list).toBe(false);
    }
  });
});
