import { PAGE_SIZES } from '@lantern/domain';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEARCH, parseSearchParams, searchHref, toApiQuery, toMajorText, toMinorUnits, toSearchParams, withChange, withPrice, type SearchState } from './searchState';

const parse = (qs: string) => parseSearchParams(new URLSearchParams(qs));

describe('search state ↔ URL', () => {
  it('an empty URL is the default search: rank desc, page 1', () => {
    expect(parse('')).toEqual(DEFAULT_SEARCH);
    expect(searchHref(DEFAULT_SEARCH)).toBe('/search');
  });

  it('reads every parameter', () => {
    expect(parse('keyword=%20silver%20&tags=3,21&category=2&platform=steam,epic&cate=game&price_min=1000&price_max=5000&order=sale_price&direction=asc&page=3')).toEqual({
      keyword: 'silver',
      tags: [3, 21],
      category: 2,
      platforms: ['steam', 'epic'],
      cate: 'game',
      priceMin: 1000,
      priceMax: 5000,
      order: 'sale_price',
      direction: 'asc',
      page: 3,
    });
  });

  it('round-trips through the URL for any state', () => {
    const states: SearchState[] = [
      { ...DEFAULT_SEARCH, keyword: '银松 2', tags: [1], order: 'discount', direction: 'desc', page: 2 },
      { ...DEFAULT_SEARCH, priceMin: null, priceMax: 0 },
      { ...DEFAULT_SEARCH, priceMin: null, priceMax: 0, order: 'wishes_count' },
      { ...DEFAULT_SEARCH, priceMin: 20000, platforms: ['gog'], cate: 'physical', category: 10, order: 'released_at', direction: 'asc' },
      { ...DEFAULT_SEARCH, order: 'rank', direction: 'asc' },
    ];
    for (const s of states) expect(parseSearchParams(toSearchParams(s))).toEqual(s);
  });

  it('leaves defaults out of the URL', () => {
    expect(toSearchParams({ ...DEFAULT_SEARCH, keyword: 'x' }).toString()).toBe('keyword=x');
    expect(toSearchParams({ ...DEFAULT_SEARCH, order: 'score' }).toString()).toBe('order=score&direction=desc');
    expect(toSearchParams({ ...DEFAULT_SEARCH, page: 1 }).has('page')).toBe(false);
  });

  it('orders as the store search does: unknown keys fall back to rank desc, direction defaults to desc', () => {
    expect(parse('order=price&direction=asc')).toMatchObject({ order: 'rank', direction: 'desc' });
    expect(parse('order=score')).toMatchObject({ order: 'score', direction: 'desc' });
    expect(parse('order=wishes_count&direction=sideways')).toMatchObject({ order: 'wishes_count', direction: 'desc' });
  });

  it('searches free things most-wished first when no ordering is named: rank would hide them', () => {
    expect(parse('price_max=0')).toMatchObject({ priceMax: 0, order: 'wishes_count', direction: 'desc' });
    expect(toSearchParams({ ...DEFAULT_SEARCH, priceMax: 0, order: 'wishes_count', direction: 'desc' }).toString()).toBe('price_max=0');
    expect(parse('price_max=0&order=rank&direction=desc')).toMatchObject({ order: 'rank' }); // asked for explicitly
    expect(toSearchParams({ ...DEFAULT_SEARCH, priceMax: 0 }).toString()).toBe('price_max=0&order=rank&direction=desc');
  });

  it('picking "free" leaves an ordering that hides free games, and keeps any other', () => {
    expect(withPrice(DEFAULT_SEARCH, null, 0)).toMatchObject({ priceMax: 0, order: 'wishes_count', direction: 'desc', page: 1 });
    expect(withPrice({ ...DEFAULT_SEARCH, order: 'sale_price', direction: 'asc' }, null, 0)).toMatchObject({ order: 'wishes_count' });
    expect(withPrice({ ...DEFAULT_SEARCH, order: 'released_at', direction: 'asc' }, null, 0)).toMatchObject({ order: 'released_at', direction: 'asc' });
    expect(withPrice({ ...DEFAULT_SEARCH, page: 3 }, 1000, 3000)).toMatchObject({ priceMin: 1000, priceMax: 3000, order: 'rank', page: 1 });
  });

  it('reads the API-style links of merchandising content', () => {
    expect(parse('q[sale_price_lteq]=0')).toMatchObject({ priceMin: null, priceMax: 0, order: 'wishes_count' });
    expect(parse('q[sale_price_lteq]=5000&q[sale_price_gteq]=100')).toMatchObject({ priceMin: 100, priceMax: 5000 });
    expect(parse('q[tags_id_in][]=4&q[tags_id_in][]=9')).toMatchObject({ tags: [4, 9] });
    expect(parse('q[s]=discount%20asc')).toMatchObject({ order: 'discount', direction: 'asc' });
    expect(parse('q[key_type_in][]=uplay&q[category_id_eq]=5&q[cate_eq]=physical')).toMatchObject({ platforms: ['uplay'], category: 5, cate: 'physical' });
  });

  it('ignores nonsense instead of failing', () => {
    expect(parse('tags=a,,-1,2,2&category=x&platform=psn&cate=food&price_min=-5&price_max=1.5&page=0')).toEqual({ ...DEFAULT_SEARCH, tags: [2] });
    expect(parse('page=99999').page).toBe(1000);
    expect(parse('price_min=9000&price_max=100')).toMatchObject({ priceMin: 100, priceMax: 9000 });
  });

  it('any change but the page starts again at page 1', () => {
    expect(withChange({ ...DEFAULT_SEARCH, page: 4 }, { order: 'score' })).toMatchObject({ order: 'score', page: 1 });
  });
});

describe('search state → GET /api/search/skus', () => {
  it('asks per 10 (store search) with the ordering and the filters', () => {
    expect(toApiQuery({ ...DEFAULT_SEARCH, keyword: ' silver ', tags: [1, 2], platforms: ['steam'], priceMin: 0, priceMax: 5000, order: 'sale_price', direction: 'asc', page: 2 })).toEqual({
      keyword: 'silver',
      order: 'sale_price',
      direction: 'asc',
      page: 2,
      per: PAGE_SIZES.store_search,
      q: { tags_id_in: [1, 2], key_type_in: ['steam'], sale_price_gteq: 0, sale_price_lteq: 5000 },
    });
    expect(PAGE_SIZES.store_search).toBe(10);
  });

  it('sends no filter object when nothing is filtered', () => {
    expect(toApiQuery(DEFAULT_SEARCH)).toEqual({ order: 'rank', direction: 'desc', page: 1, per: 10 });
  });
});

describe('money typed into the price filter', () => {
  it('becomes integer minor units without floating-point arithmetic', () => {
    expect(toMinorUnits('12.5')).toBe(1250);
    expect(toMinorUnits('0.29')).toBe(29);
    expect(toMinorUnits('19.999')).toBe(1999);
    expect(toMinorUnits('50')).toBe(5000);
    expect(toMinorUnits('3,5')).toBe(350);
    expect(toMinorUnits('abc')).toBeNull();
    expect(toMinorUnits('-1')).toBeNull();
  });

  it('shows back as typed', () => {
    expect(toMajorText(1250)).toBe('12.5');
    expect(toMajorText(5000)).toBe('50');
    expect(toMajorText(29)).toBe('0.29');
  });
});
