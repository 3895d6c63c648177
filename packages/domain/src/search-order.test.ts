import { describe, expect, it } from 'vitest';
import { SEARCH_ORDER_KEYS, parseSearchOrder, parseSortParam } from './search-order.ts';

describe('search ordering', () => {
  it('accepts exactly the six ordering keys', () => {
    expect(SEARCH_ORDER_KEYS).toEqual(['rank', 'discount', 'released_at', 'score', 'wishes_count', 'sale_price']);
  });

  it('applies the restrictions of each key', () => {
    const restrictions = Object.fromEntries(
      SEARCH_ORDER_KEYS.map((key) => {
        const o = parseSearchOrder(key);
        return [key, [o.requirePositiveListPrice, o.requireOnSale]];
      }),
    );
    expect(restrictions).toEqual({
      rank: [true, false],
      discount: [false, true],
      released_at: [false, false],
      score: [false, false],
      wishes_count: [false, false],
      sale_price: [true, true],
    });
  });

  it('defaults the direction to desc and honours asc', () => {
    for (const key of SEARCH_ORDER_KEYS) {
      expect(parseSearchOrder(key)).toMatchObject({ key, direction: 'desc' });
      expect(parseSearchOrder(key, 'asc')).toMatchObject({ key, direction: 'asc' });
      expect(parseSearchOrder(key, 'desc')).toMatchObject({ key, direction: 'desc' });
      expect(parseSearchOrder(key, 'sideways')).toMatchObject({ key, direction: 'desc' });
    }
    expect(parseSearchOrder(' Sale_Price ', 'ASC')).toMatchObject({ key: 'sale_price', direction: 'asc' });
  });

  it('falls back to rank desc for unknown or missing keys, whatever the direction', () => {
    const rankDesc = { key: 'rank', direction: 'desc', requirePositiveListPrice: true, requireOnSale: false };
    expect(parseSearchOrder()).toEqual(rankDesc);
    expect(parseSearchOrder(null, null)).toEqual(rankDesc);
    expect(parseSearchOrder('')).toEqual(rankDesc);
    expect(parseSearchOrder('price', 'asc')).toEqual(rankDesc);
    expect(parseSearchOrder('id; drop table skus', 'asc')).toEqual(rankDesc);
  });

  it('reads q[s] values', () => {
    expect(parseSortParam('sale_price asc')).toMatchObject({ key: 'sale_price', direction: 'asc' });
    expect(parseSortParam('  released_at   desc ')).toMatchObject({ key: 'released_at', direction: 'desc' });
    expect(parseSortParam('score')).toMatchObject({ key: 'score', direction: 'desc' });
    expect(parseSortParam('nonsense asc')).toMatchObject({ key: 'rank', direction: 'desc' });
    expect(parseSortParam(undefined)).toMatchObject({ key: 'rank', direction: 'desc' });
  });
});
