import type { APIRequestContext, TestInfo } from '@playwright/test';
import { areaOf } from './helpers';

/** The shapes the store specs read from the API (a subset of @lantern/contract). */
export interface Localized {
  chs: string;
  en: string;
}
export interface Sku {
  id: number;
  kind: string;
  cate: string;
  status: string;
  key_type: string | null;
  sku_names: Localized;
  edition: Localized;
  list_price: number;
  sale_price: number;
}
export interface SkuDetail extends Sku {
  editions: Sku[];
  dlcs: Sku[];
  base_sku: Sku | null;
  wishes_count: number;
}
export interface Content {
  id: number;
  kind: string;
  cube_kind: string | null;
  title: Localized;
  skus: Sku[];
}
export interface Home {
  banners: Content[];
  springboard: Content | null;
  tagged: Content[];
  booths: Content[];
  boxes: Content[];
  cubes: Content[];
  ellipses: Content[];
  seckills: unknown[];
  coupon_areas: unknown[];
  point_redeems: unknown[];
  pack_ids: number[];
}
export interface SkuList {
  skus: Sku[];
  meta: { total_count: number; page: number; per: number };
}

/** The text of a localized name on this project's site (native speaks Chinese, abroad English). */
export const nameOn = (info: TestInfo, text: Localized) => (areaOf(info) === 'native' ? text.chs || text.en : text.en || text.chs);

export async function apiGet<T>(request: APIRequestContext, baseURL: string, path: string, params?: Record<string, string | number>): Promise<T> {
  const res = await request.get(`${baseURL}${path}`, { params: { client: 'web', version: 1, ...params } });
  if (!res.ok()) throw new Error(`GET ${path} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Search the API the way the search page does (query string in the API's own syntax). */
export function searchApi(request: APIRequestContext, baseURL: string, query: string) {
  return request.get(`${baseURL}/api/search/skus?client=web&version=1&${query}`).then(async (r) => {
    if (!r.ok()) throw new Error(`search ${query} answered ${r.status()}`);
    return (await r.json()) as SkuList;
  });
}
