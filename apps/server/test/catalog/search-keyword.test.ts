import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/harness.ts';
import { clients } from '../support/client.ts';
import { makeProduct, makeSku, names } from '../support/catalog-factories.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();
const ids: Record<string, number> = {};
beforeAll(async () => {
  ids.ashen = (await makeSku(t, { name: names('Ashen Tides', '灰烬之潮'), rank: 10, listPrice: 9800, salePrice: 6800 })).id;
  ids.iron = (await makeSku(t, { name: names('Tides of Iron Meridian', '钢铁子午潮汐'), rank: 50 })).id;
  ids.starfall = (await makeSku(t, { name: names('Starfall Legion', '星坠军团'), rank: 90 })).id;
  ids.legionnaire = (await makeSku(t, { name: names("Legionnaire's Rest", '军团长的安息'), rank: 95 })).id;
  ids.paper = (await makeSku(t, { name: names('Paper Lanterns', '纸灯笼'), ename: 'Paper Lanterns: Remastered', rank: 20 })).id;
  ids.underscore = (await makeSku(t, { name: names('Fifty_Fifty', '五五开'), rank: 5 })).id;
  ids.dash = (await makeSku(t, { name: names('Fifty-Fifty', '对半开'), rank: 6 })).id;
  const orchard = await makeProduct(t, { name: names('Clockwork Orchard', '发条果园') });
  ids.orchard = (await makeSku(t, { productId: orchard.id, name: names('Clockwork Orchard', '发条果园'), rank: 30, editionPosition: 0 })).id;
  ids.orchardDeluxe = (await makeSku(t, { productId: orchard.id, name: names('Clockwork Orchard Deluxe Edition', '发条果园 豪华版'), rank: 30, editionPosition: 1 })).id;
  await makeSku(t, { area: 'abroad', name: names('Ashen Tides', '灰烬之潮'), rank: 99 });
  await makeSku(t, { status: 'off', name: names('Ashen Tides Prototype', '灰烬之潮 原型'), rank: 99 });
});

async function search(query: string): Promise<string[]> {
  const res = await api.native.get(`/api/search/skus?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const byId = new Map(Object.entries(ids).map(([k, v]) => [v, k]));
  return res.json().skus.map((s: { id: number }) => byId.get(s.id) ?? `#${s.id}`);
}

describe('keyword search', () => {
  it('matches English names anywhere, ignoring case, on this area and among listed SKUs only', async () => {
    expect((await search('keyword=tides')).sort()).toEqual(['ashen', 'iron']);
    expect(await search('keyword=ASHEN')).toEqual(['ashen']);
    expect(await search(`keyword=${encodeURIComponent('  ashen   tides ')}`)).toEqual(['ashen']);
  });

  it('matches Chinese names', async () => {
    expect(await search(`keyword=${encodeURIComponent('灰烬')}`)).toEqual(['ashen']);
    expect((await search(`keyword=${encodeURIComponent('潮')}`)).sort()).toEqual(['ashen', 'iron']);
    expect(await search(`keyword=${encodeURIComponent('发条果园')}`)).toEqual(['orchard', 'orchardDeluxe']);
  });

  it('matches the English name (sku_ename) too', async () => {
    expect(await search('keyword=remastered')).toEqual(['paper']);
  });

  it('forgives a misspelt word (trigram word similarity)', async () => {
    expect(await search(`keyword=${encodeURIComponent('starfal legion')}`)).toEqual(['starfall']);
    expect(await search(`keyword=${encodeURIComponent('lantrens')}`)).toEqual([]);
  });

  it('takes % and _ literally', async () => {
    expect(await search(`keyword=${encodeURIComponent('y_f')}`)).toEqual(['underscore']);
    expect(await search(`keyword=${encodeURIComponent('%')}`)).toEqual([]);
  });

  it('ranks by how well names match when no ordering is asked for, then by rank', async () => {
    // "Starfall Legion" holds the word; "Legionnaire's Rest" only begins with it, despite its higher rank.
    expect(await search('keyword=legion')).toEqual(['starfall', 'legionnaire']);
    expect(await search('keyword=tides')).toEqual(['iron', 'ashen']);
  });

  it('uses the ordering asked for with a keyword, restrictions included', async () => {
    expect(await search('keyword=legion&order=rank')).toEqual(['legionnaire', 'starfall']);
    expect(await search('keyword=legion&order=rank&direction=asc')).toEqual(['starfall', 'legionnaire']);
    expect(await search('keyword=tides&order=discount')).toEqual(['ashen', 'iron']);
  });

  it('finds nothing for a keyword nothing matches, with a total of 0', async () => {
    const res = await api.native.get('/api/search/skus?keyword=zzzzqqq');
    expect(res.json()).toEqual({ skus: [], meta: { total_count: 0, page: 1, per: 10 } });
  });
});

describe('GET /api/search/autocomplete', () => {
  async function suggest(keyword: string) {
    const res = await api.native.get(`/api/search/autocomplete?keyword=${encodeURIComponent(keyword)}`);
    expect(res.statusCode).toBe(200);
    return res.json().suggestions as Array<{ id: number; name: { en: string }; sku_ename: string; cover: string; sale_price: number; currency: string }>;
  }

  it('puts names beginning with the keyword first, and suggests each product once', async () => {
    const list = await suggest('ti');
    expect(list.map((s) => s.id).slice(0, 2)).toEqual([ids.iron, ids.ashen]);
    const orchard = await suggest('clock');
    expect(orchard.map((s) => s.id)).toEqual([ids.orchard]);
  });

  it('answers with name, cover and price in the site currency', async () => {
    const [first] = await suggest('ashen');
    expect(first).toEqual({
      id: ids.ashen,
      name: { chs: '灰烬之潮', en: 'Ashen Tides' },
      sku_ename: 'Ashen Tides',
      cover: expect.stringMatching(/^\/media\/covers\/.+\.svg\?shape=horizontal$/),
      sale_price: 6800,
      currency: 'CNY',
    });
  });

  it('suggests in Chinese, at most 8 at a time, and nothing for an empty keyword', async () => {
    expect((await suggest('星坠')).map((s) => s.id)).toEqual([ids.starfall]);
    expect(await suggest('')).toEqual([]);
    expect(await suggest('   ')).toEqual([]);
    expect((await api.native.get('/api/search/autocomplete')).json()).toEqual({ suggestions: [] });
    const fresh = await createTestApp();
    try {
      for (let i = 0; i < 10; i++) await makeSku(fresh, { name: names(`Nova Drift ${i}`, `新星漂流${i}`) });
      const res = await clients(fresh).native.get('/api/search/autocomplete?keyword=nova');
      expect(res.json().suggestions).toHaveLength(8);
    } finally {
      await fresh.close();
    }
  });

  it('refuses a keyword over 100 characters', async () => {
    expect((await api.native.get(`/api/search/autocomplete?keyword=${'a'.repeat(101)}`)).statusCode).toBe(422);
  });
});
