import { beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, makeContent, makeSku, makeTag, names } from '../support/catalog-factories.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();
const ids: Record<string, number> = {};
beforeAll(async () => {
  ids.mice = (await makeTag(t, { kind: 'peri', position: 2, name: names('Mice', '鼠标') })).id;
  ids.keyboards = (await makeTag(t, { kind: 'peri', position: 1, name: names('Keyboards', '键盘') })).id;
  ids.empty = (await makeTag(t, { kind: 'peri', position: 3, name: names('Merch', '周边') })).id;
  ids.genre = (await makeTag(t, { kind: 'genre' })).id;
  ids.periCategory = (await makeCategory(t, { shop: 'peripheral', position: 1, name: names('Keyboards', '键盘') })).id;
  ids.gameCategory = (await makeCategory(t, { shop: 'game', position: 1 })).id;
  const peripheral = { product: { cate: 'physical' as const, kind: 'peripheral' as const }, keyType: null, categoryId: ids.periCategory };
  ids.k1 = (await makeSku(t, { ...peripheral, rank: 90, listPrice: 49900, tagIds: [ids.keyboards] })).id;
  ids.k2 = (await makeSku(t, { ...peripheral, rank: 80, listPrice: 29900, tagIds: [ids.keyboards] })).id;
  ids.k3 = (await makeSku(t, { ...peripheral, rank: 70, listPrice: 19900, tagIds: [ids.keyboards] })).id;
  ids.kOff = (await makeSku(t, { ...peripheral, rank: 99, status: 'off', tagIds: [ids.keyboards] })).id;
  ids.kAbroad = (await makeSku(t, { ...peripheral, rank: 99, area: 'abroad', tagIds: [ids.keyboards] })).id;
  ids.m1 = (await makeSku(t, { ...peripheral, rank: 60, tagIds: [ids.mice] })).id;
  ids.banner = (await makeContent(t, { kind: 'banner', placement: 'peripheral', imageSeed: 'peri-banner' })).id;
  ids.storeBanner = (await makeContent(t, { kind: 'banner', placement: 'store' })).id;
});

const idsOf = (list: Array<{ id: number }>) => list.map((x) => x.id);

describe('GET /api/peri_home and /api/peripheral', () => {
  it('answers the banners, nav tags in order, categories and a section per nav tag', async () => {
    const res = await api.native.get('/api/peri_home');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(idsOf(body.banners)).toEqual([ids.banner]);
    expect(body.banners[0].image).toBe('/media/covers/peri-banner.svg?shape=banner');
    expect(idsOf(body.nav_items)).toEqual([ids.keyboards, ids.mice, ids.empty]);
    expect(body.nav_items[0]).toEqual({ id: ids.keyboards, name: { chs: '键盘', en: 'Keyboards' }, kind: 'peri' });
    expect(idsOf(body.categories)).toEqual([ids.periCategory]);
    expect(body.sections.map((s: { tag: { id: number } }) => s.tag.id)).toEqual([ids.keyboards, ids.mice]);
    expect(idsOf(body.sections[0].skus)).toEqual([ids.k1, ids.k2, ids.k3]);
    expect(body.sections[0].skus[0]).toMatchObject({ cate: 'physical', kind: 'peripheral', key_type: null, currency: 'CNY' });
    expect((await api.native.get('/api/peripheral')).json()).toEqual(body);
  });

  it("shows the international site's own peripherals", async () => {
    const body = (await api.abroad.get('/api/peri_home.json')).json();
    expect(body.banners).toEqual([]);
    expect(body.sections.map((s: { skus: Array<{ id: number }> }) => idsOf(s.skus))).toEqual([[ids.kAbroad]]);
  });
});

describe('GET /api/peripheral/nav_items and /api/peri_tags', () => {
  it('answers the nav tags in order', async () => {
    expect(idsOf((await api.native.get('/api/peripheral/nav_items')).json().nav_items)).toEqual([ids.keyboards, ids.mice, ids.empty]);
    const periTags = (await api.native.get('/api/peri_tags')).json();
    expect(idsOf(periTags.tags)).toEqual([ids.keyboards, ids.mice, ids.empty]);
    expect(periTags.timestamp).toBeGreaterThan(0);
  });
});

describe('GET /api/peripheral/peri_tags/{id}', () => {
  it("pages one nav tag's listed products by rank, with the total", async () => {
    const first = (await api.native.get(`/api/peripheral/peri_tags/${ids.keyboards}?per=2`)).json();
    expect(first.tag.id).toBe(ids.keyboards);
    expect(idsOf(first.skus)).toEqual([ids.k1, ids.k2]);
    expect(first.meta).toEqual({ total_count: 3, page: 1, per: 2 });
    const second = (await api.native.get(`/api/peripheral/peri_tags/${ids.keyboards}?per=2&page=2`)).json();
    expect(idsOf(second.skus)).toEqual([ids.k3]);
    expect((await api.native.get(`/api/peripheral/peri_tags/${ids.empty}`)).json()).toMatchObject({ skus: [], meta: { total_count: 0, page: 1, per: 12 } });
  });

  it('answers 404 for an unknown tag or a tag that is not a nav tag, 422 for a malformed id or paging', async () => {
    expect((await api.native.get('/api/peripheral/peri_tags/987654')).statusCode).toBe(404);
    expect((await api.native.get(`/api/peripheral/peri_tags/${ids.genre}`)).statusCode).toBe(404);
    expect((await api.native.get('/api/peripheral/peri_tags/keyboards')).statusCode).toBe(422);
    expect((await api.native.get(`/api/peripheral/peri_tags/${ids.keyboards}?per=1000`)).statusCode).toBe(422);
  });
});

describe('GET /api/categories', () => {
  it("answers one shop's categories, or both shops' (games first)", async () => {
    expect(idsOf((await api.native.get('/api/categories?shop=peripheral')).json().categories)).toEqual([ids.periCategory]);
    expect(idsOf((await api.native.get('/api/categories?shop=game')).json().categories)).toEqual([ids.gameCategory]);
    const all = (await api.native.get('/api/categories')).json().categories;
    expect(idsOf(all)).toEqual([ids.gameCategory, ids.periCategory]);
    expect(all[1]).toEqual({ id: ids.periCategory, name: { chs: '键盘', en: 'Keyboards' }, slug: expect.any(String), shop: 'peripheral' });
    expect((await api.native.get('/api/categories?shop=books')).statusCode).toBe(422);
  });
});
