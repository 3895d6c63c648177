import type { SkuSearchQuery } from '@lantern/contract';
import { PAGE_SIZES, parseSearchOrder, parseSortParam, type SearchOrderKey, type SortDirection } from '@lantern/domain';

/**
 * The store search's state and its URL (every filter, the ordering and the page live in the address, so a
 * search can be shared, reloaded and walked back through). Canonical parameters:
 *
 *   keyword, tags=1,2, category=3, platform=steam,epic, cate=physical, price_min / price_max (minor units),
 *   order=sale_price, direction=asc, page=2
 *
 * Links written in the API's own style (`q[sale_price_lteq]=0`, `q[tags_id_in][]=4`, `q[s]=discount desc`),
 * as merchandising content uses, are read too. Ordering follows docs/product/catalogue.md#search-ordering via the domain: an unknown key falls
 * back to rank desc, the direction defaults to desc.
 */
export const KEY_TYPES = ['steam', 'epic', 'uplay', 'origin', 'gog', 'other'] as const;
export type KeyType = (typeof KEY_TYPES)[number];
export const CATES = ['game', 'virtual', 'physical'] as const;
export type Cate = (typeof CATES)[number];

export interface SearchState {
  keyword: string;
  tags: number[];
  category: number | null;
  platforms: KeyType[];
  cate: Cate | null;
  priceMin: number | null;
  priceMax: number | null;
  order: SearchOrderKey;
  direction: SortDirection;
  page: number;
}

export const DEFAULT_SEARCH: SearchState = {
  keyword: '',
  tags: [],
  category: null,
  platforms: [],
  cate: null,
  priceMin: null,
  priceMax: null,
  order: 'rank',
  direction: 'desc',
  page: 1,
};

const MAX_PAGE = 1000;

/**
 * Ordering by rank or by sale_price keeps only SKUs with list_price > 0, so free-to-play games
 * (list price 0) never show under them. A search for free things therefore defaults to the most wished
 * first, and picking "free" while ranked or price-ordered switches to that ordering.
 */
const FREE_DEFAULT_ORDER = { order: 'wishes_count', direction: 'desc' } as const satisfies { order: SearchOrderKey; direction: SortDirection };

function isFreeOnly(priceMax: number | null): boolean {
  return priceMax === 0;
}

/** The ordering a search has when the URL names none. */
export function defaultOrderFor(state: Pick<SearchState, 'priceMax'>): { order: SearchOrderKey; direction: SortDirection } {
  return isFreeOnly(state.priceMax) ? FREE_DEFAULT_ORDER : { order: 'rank', direction: 'desc' };
}

/** True when the ordering hides list-price-0 SKUs: rank and sale_price force list_price > 0. */
export function orderHidesFree(order: SearchOrderKey): boolean {
  return parseSearchOrder(order).requirePositiveListPrice;
}

function ids(values: string[]): number[] {
  const out: number[] = [];
  for (const v of values.flatMap((x) => x.split(','))) {
    const n = Number(v.trim());
    if (v.trim() !== '' && Number.isSafeInteger(n) && n > 0 && !out.includes(n)) out.push(n);
  }
  return out;
}

function money(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

function firstOf(params: URLSearchParams, ...names: string[]): string | null {
  for (const name of names) {
    const v = params.get(name);
    if (v !== null) return v;
  }
  return null;
}

function listOf(params: URLSearchParams, ...names: string[]): string[] {
  return names.flatMap((n) => params.getAll(n));
}

export function parseSearchParams(params: URLSearchParams): SearchState {
  const sort = params.get('q[s]');
  const explicitOrder = params.get('order');
  const platforms = listOf(params, 'platform', 'q[key_type_in][]')
    .flatMap((v) => v.split(','))
    .filter((v): v is KeyType => (KEY_TYPES as readonly string[]).includes(v));
  const cate = firstOf(params, 'cate', 'q[cate_eq]');
  const category = ids([firstOf(params, 'category', 'q[category_id_eq]') ?? ''])[0] ?? null;
  const page = Number(params.get('page'));
  let priceMin = money(firstOf(params, 'price_min', 'q[sale_price_gteq]'));
  let priceMax = money(firstOf(params, 'price_max', 'q[sale_price_lteq]'));
  if (priceMin !== null && priceMax !== null && priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin];
  const parsed = explicitOrder !== null ? parseSearchOrder(explicitOrder, params.get('direction')) : sort !== null ? parseSortParam(sort) : null;
  const order = parsed ? { order: parsed.key, direction: parsed.direction } : defaultOrderFor({ priceMax });
  return {
    keyword: (params.get('keyword') ?? '').trim().slice(0, 100),
    tags: ids(listOf(params, 'tags', 'q[tags_id_in][]')),
    category,
    platforms: [...new Set(platforms)],
    cate: (CATES as readonly string[]).includes(cate ?? '') ? (cate as Cate) : null,
    priceMin,
    priceMax,
    order: order.order,
    direction: order.direction,
    page: Number.isSafeInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** The canonical URL parameters of a state: defaults are left out, so the plain search is just /search. */
export function toSearchParams(state: SearchState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.keyword.trim()) p.set('keyword', state.keyword.trim());
  if (state.tags.length) p.set('tags', state.tags.join(','));
  if (state.category !== null) p.set('category', String(state.category));
  if (state.platforms.length) p.set('platform', state.platforms.join(','));
  if (state.cate) p.set('cate', state.cate);
  if (state.priceMin !== null) p.set('price_min', String(state.priceMin));
  if (state.priceMax !== null) p.set('price_max', String(state.priceMax));
  const fallback = defaultOrderFor(state);
  if (state.order !== fallback.order || state.direction !== fallback.direction) {
    p.set('order', state.order);
    p.set('direction', state.direction);
  }
  if (state.page > 1) p.set('page', String(state.page));
  return p;
}

export function searchHref(state: SearchState): string {
  const qs = toSearchParams(state).toString();
  return qs ? `/search?${qs}` : '/search';
}

/** A change of anything but the page starts again from page 1. */
export function withChange(state: SearchState, change: Partial<Omit<SearchState, 'page'>>): SearchState {
  return { ...state, ...change, page: 1 };
}

/** A new price range; asking for free things leaves an ordering that would hide them (see `defaultOrderFor`). */
export function withPrice(state: SearchState, priceMin: number | null, priceMax: number | null): SearchState {
  const next = withChange(state, { priceMin, priceMax });
  return isFreeOnly(priceMax) && orderHidesFree(state.order) ? { ...next, ...FREE_DEFAULT_ORDER } : next;
}

/** GET /api/search/skus parameters for a state (store search: per 10, docs/product/limits.md#page-sizes). */
export function toApiQuery(state: SearchState): SkuSearchQuery {
  const q: NonNullable<SkuSearchQuery['q']> = {};
  if (state.tags.length) q.tags_id_in = state.tags;
  if (state.category !== null) q.category_id_eq = state.category;
  if (state.platforms.length) q.key_type_in = state.platforms;
  if (state.cate) q.cate_eq = state.cate;
  if (state.priceMin !== null) q.sale_price_gteq = state.priceMin;
  if (state.priceMax !== null) q.sale_price_lteq = state.priceMax;
  return {
    ...(state.keyword.trim() ? { keyword: state.keyword.trim() } : {}),
    order: state.order,
    direction: state.direction,
    page: state.page,
    per: PAGE_SIZES.store_search,
    ...(Object.keys(q).length ? { q } : {}),
  };
}

/** True when any filter (not the keyword or the ordering) is set. */
export function hasFilters(state: SearchState): boolean {
  return state.tags.length > 0 || state.category !== null || state.platforms.length > 0 || state.cate !== null || state.priceMin !== null || state.priceMax !== null;
}

/** "12.5" → 1250 minor units, without floating-point arithmetic on money; null when not an amount. */
export function toMinorUnits(text: string, digits = 2): number | null {
  const m = /^\s*(\d{1,9})(?:[.,](\d*))?\s*$/.exec(text);
  if (!m) return null;
  const fraction = (m[2] ?? '').slice(0, digits).padEnd(digits, '0');
  return Number(m[1]) * 10 ** digits + Number(fraction || '0');
}

/** 1250 → "12.5", 1200 → "12": an amount as a person would type it. */
export function toMajorText(minor: number, digits = 2): string {
  const unit = 10 ** digits;
  const whole = Math.floor(minor / unit);
  const fraction = String(minor % unit).padStart(digits, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
