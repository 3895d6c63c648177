/**
 * Ordering of the store search (docs/product/catalogue.md#search-ordering; GET /api/search/skus.json).
 */
export const SEARCH_ORDER_KEYS = ['rank', 'discount', 'released_at', 'score', 'wishes_count', 'sale_price'] as const;
export type SearchOrderKey = (typeof SEARCH_ORDER_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

export interface SearchOrder {
  readonly key: SearchOrderKey;
  readonly direction: SortDirection;
  /** Only SKUs with list_price > 0: a rank or price ordering full of free items is useless. */
  readonly requirePositiveListPrice: boolean;
  /** Only SKUs with status sale: a discount or a price means nothing for what cannot be bought. */
  readonly requireOnSale: boolean;
}

function isSearchOrderKey(value: string): value is SearchOrderKey {
  return (SEARCH_ORDER_KEYS as readonly string[]).includes(value);
}

/**
 * Direction defaults to desc; an unknown key falls back to rank desc whatever direction was asked
 * for, since the direction was chosen for the other key.
 */
export function parseSearchOrder(key?: string | null, direction?: string | null): SearchOrder {
  const k = (key ?? '').trim().toLowerCase();
  const d = (direction ?? '').trim().toLowerCase();
  if (!isSearchOrderKey(k)) return build('rank', 'desc');
  return build(k, d === 'asc' ? 'asc' : 'desc');
}

/** Reads a ransack-style `q[s]` value such as "sale_price asc". */
export function parseSortParam(value?: string | null): SearchOrder {
  const [key, direction] = (value ?? '').trim().split(/\s+/);
  return parseSearchOrder(key, direction);
}

function build(key: SearchOrderKey, direction: SortDirection): SearchOrder {
  return {
    key,
    direction,
    requirePositiveListPrice: key === 'rank' || key === 'sale_price',
    requireOnSale: key === 'discount' || key === 'sale_price',
  };
}
