import { beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, makeProduct, makeSku, makeTag } from '../support/catalog-factories.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();
const ids: Record<string, number> = {};
const tagIds: Record<string, number> = {};
const categoryIds: Record<string, number> = {};
beforeAll(async () => {
  tagIds.rpg = (await makeTag(t, { kind: 'genre' })).id;
  tagIds.coop = (await makeTag(t, { kind: 'feature' })).id;
  tagIds.space = (await makeTag(t, { kind: 'theme' })).id;
  categoryIds.action = (await makeCategory(t)).id;
  categoryIds.dlc = (await makeCategory(t)).id;
  // rank decides the order of every answer below (rank desc by default).
  ids.rpgCoop = (await makeSku(t, { rank: 90, listPrice: 9800, salePrice: 4900, tagIds: [tagIds.rpg, tagIds.coop], categoryId: categoryIds.action, keyType: 'steam' })).id;
  ids.rpgSpace = (await makeSku(t, { rank: 80, listPrice: 6800, tagIds: [tagIds.rpg, tagIds.space], categoryId: categoryIds.action, keyType: 'epic' })).id;
  ids.coopOnly = (await makeSku(t, { rank: 70, listPrice: 3000, salePrice: 1500, tagIds: [tagIds.coop], keyType: 'uplay' })).id;
  ids.free = (await makeSku(t, { rank: 60, listPrice: 0, tagIds: [tagIds.rpg, tagIds.coop, tagIds.space], keyType: 'steam' })).id;
  const base = await makeProduct(t);
  ids.dlc = (await makeSku(t, { rank: 50, listPrice: 1800, product: { kind: 'dlc', baseProductId: base.id }, categoryId: categoryIds.dlc, keyType: 'steam' })).id;
  ids.keyboard = (await makeSku(t, { rank: 40, listPrice: 39900, product: { cate: 'physical', kind: 'peripheral' }, keyType: null })).id;
  ids.preSale = (await makeSku(t, { rank: 30, listPrice: 19800, status: 'pre_sale', tagIds: [tagIds.rpg] })).id;
  ids.off = (await makeSku(t, { rank: 99, listPrice: 100, status: 'off', tagIds: [tagIds.rpg] })).id;
  ids.unpublished = (await makeSku(t, { rank: 99, listPrice: 100, status: 'unpublished', tagIds: [tagIds.rpg] })).id;
  ids.abroad = (await makeSku(t, { rank: 99, listPrice: 100, area: 'abroad', tagIds: [tagIds.rpg] })).id;
});

/** Names of the SKUs found, by score order (score desc keeps free SKUs, unlike the default rank). */
async function found(query: string, order = 'order=released_at'): Promise<string[]> {
  const res = await api.native.get(`/api/search/skus?${order}&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const byId = new Map(Object.entries(ids).map(([k, v]) => [v, k]));
  return res.json().skus.map((s: { id: number }) => byId.get(s.id) ?? `#${s.id}`).sort();
}

describe('GET /api/search/skus filters', () => {
  it('lists only sale and pre-sale SKUs of this area by default', async () => {
    expect(await found('')).toEqual(['coopOnly', 'dlc', 'free', 'keyboard', 'preSale', 'rpgCoop', 'rpgSpace'].sort());
  });

  it('keeps SKUs holding every tag given', async () => {
    expect(await found(`q[tags_id_in][]=${tagIds.rpg}`)).toEqual(['free', 'preSale', 'rpgCoop', 'rpgSpace'].sort());
    expect(await found(`q[tags_id_in][]=${tagIds.rpg}&q[tags_id_in][]=${tagIds.coop}`)).toEqual(['free', 'rpgCoop'].sort());
    expect(await found(`q[tags_id_in][]=${tagIds.rpg}&q[tags_id_in][]=${tagIds.coop}&q[tags_id_in][]=${tagIds.space}`)).toEqual(['free']);
    expect(await found(`q[tags_id_in][]=${tagIds.coop}&q[tags_id_in][]=${tagIds.coop}`)).toEqual(['coopOnly', 'free', 'rpgCoop'].sort());
  });

  it('filters by category', async () => {
    expect(await found(`q[category_id_eq]=${categoryIds.action}`)).toEqual(['rpgCoop', 'rpgSpace'].sort());
    expect(await found(`q[category_id_eq]=${categoryIds.dlc}`)).toEqual(['dlc']);
  });

  it('filters by cate (game, virtual, physical) and by kind', async () => {
    expect(await found('q[cate_eq]=physical')).toEqual(['keyboard']);
    expect(await found('q[cate_eq]=virtual')).toEqual([]);
    expect(await found('q[kind_in][]=dlc')).toEqual(['dlc']);
    expect(await found('q[kind_in][]=dlc&q[kind_in][]=peripheral')).toEqual(['dlc', 'keyboard']);
  });

  it('filters by platform (key type)', async () => {
    expect(await found('q[key_type_in][]=epic')).toEqual(['rpgSpace']);
    expect(await found('q[key_type_in][]=epic&q[key_type_in][]=uplay')).toEqual(['coopOnly', 'rpgSpace']);
  });

  it('filters by the effective price: a range, and 0 for free', async () => {
    expect(await found('q[sale_price_lteq]=0')).toEqual(['free']);
    expect(await found('q[sale_price_gteq]=1500&q[sale_price_lteq]=4900')).toEqual(['coopOnly', 'dlc', 'rpgCoop'].sort());
    expect(await found('q[sale_price_gteq]=20000')).toEqual(['keyboard']);
  });

  it('filters by ids', async () => {
    expect(await found(`q[id_in][]=${ids.dlc}&q[id_in][]=${ids.off}&q[id_in][]=${ids.abroad}`)).toEqual(['dlc']);
  });

  it('pages with page and per (default 10) and counts everything matched', async () => {
    const all = await api.native.get('/api/search/skus?order=released_at');
    expect(all.json().meta).toEqual({ total_count: 7, page: 1, per: 10 });
    const seen: number[] = [];
    for (const page of [1, 2, 3]) {
      const res = (await api.native.get(`/api/search/skus?order=rank&per=3&page=${page}`)).json();
      expect(res.meta).toEqual({ total_count: 6, page, per: 3 });
      seen.push(...res.skus.map((s: { id: number }) => s.id));
    }
    expect(seen).toEqual([ids.rpgCoop, ids.rpgSpace, ids.coopOnly, ids.dlc, ids.keyboard, ids.preSale]);
    const beyond = (await api.native.get('/api/search/skus?per=3&page=9')).json();
    expect(beyond).toEqual({ skus: [], meta: { total_count: 6, page: 9, per: 3 } });
  });

  it('combines filters with ordering restrictions', async () => {
    // sale_price keeps status sale and list_price > 0 only: the free one and the pre-sale go.
    const res = await api.native.get(`/api/search/skus?order=sale_price&direction=asc&q[tags_id_in][]=${tagIds.rpg}`);
    expect(res.json().skus.map((s: { id: number }) => s.id)).toEqual([ids.rpgCoop, ids.rpgSpace]);
  });

  it('answers malformed queries with a 422, never a 5xx', async () => {
    for (const query of [
      'per=0', 'per=101', 'per=100000000', 'per=abc', 'page=0', 'page=abc', 'page=1.5',
      'q[cate_eq]=software', 'q[kind_in][]=mod', 'q[key_type_in][]=battlenet', 'q[tags_id_in][]=abc',
      'q[sale_price_gteq]=-1', 'q[sale_price_lteq]=cheap', 'q[category_id_eq]=x', `keyword=${'k'.repeat(101)}`,
      'q[tags_id_in]=1', `order=${'x'.repeat(33)}`,
    ]) {
      const res = await api.native.get(`/api/search/skus?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors, query).toBeDefined();
    }
    const many = Array.from({ length: 21 }, (_, i) => `q[tags_id_in][]=${i + 1}`).join('&');
    expect((await api.native.get(`/api/search/skus?${many}`)).statusCode).toBe(422);
    expect((await api.native.get('/api/search/skus?keyword=%00')).statusCode).toBe(422);
  });
});
