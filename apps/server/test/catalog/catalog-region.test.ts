import { beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, makeContent, makeProduct, makeSku, names } from '../support/catalog-factories.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * SKU region (docs/product/catalogue.md#sku-region): a SKU is kept only when it has no region or the user's region. The user's region is
 * the signed-in account's; a guest's is the `region` parameter, else the site's default (cn on the mainland
 * site, global on the international one). A SKU page of a SKU locked to another region shows its product's first
 * SKU in the user's (docs/product/catalogue.md#requested-sku). A product left with no SKU is a 404.
 */

const { t, api } = useTestApp();
let product: number;
const ids: Record<string, number> = {};
beforeAll(async () => {
  product = (await makeProduct(t, { name: names('Harbor of Paper Cranes', '纸鹤港') })).id;
  ids.everywhere = (await makeSku(t, { productId: product, editionPosition: 0, name: names('Harbor of Paper Cranes', '纸鹤港'), rank: 30 })).id;
  ids.hk = (await makeSku(t, { productId: product, editionPosition: 1, region: 'hk', name: names('Harbor of Paper Cranes HK', '纸鹤港 港版'), rank: 20 })).id;
  ids.cn = (await makeSku(t, { productId: product, editionPosition: 2, region: 'CN ', name: names('Harbor of Paper Cranes CN', '纸鹤港 国行'), rank: 10 })).id;
  ids.hkOnly = (await makeSku(t, { region: 'hk', name: names('Kowloon Nights', '九龙夜') })).id;
});

const skuIds = (body: { skus: Array<{ id: number }> }) => body.skus.map((s) => s.id);

describe('the region rule for guests', () => {
  it("applies the site's default region (cn on the mainland site)", async () => {
    const body = (await api.native.get(`/api/products/${product}`)).json();
    expect(skuIds(body)).toEqual([ids.everywhere, ids.cn]);
    expect((await api.native.get(`/api/skus/${ids.hk}`)).json().id).toBe(ids.everywhere);
    expect((await api.native.get(`/api/skus/${ids.cn}`)).json().id).toBe(ids.cn);
    expect((await api.native.get(`/api/skus/${ids.hkOnly}`)).statusCode).toBe(404);
  });

  it('applies an explicit region parameter', async () => {
    expect(skuIds((await api.native.get(`/api/products/${product}?region=hk`)).json())).toEqual([ids.everywhere, ids.hk]);
    expect((await api.native.get(`/api/skus/${ids.hk}?region=HK`)).json().id).toBe(ids.hk);
    expect((await api.native.get(`/api/skus/${ids.cn}?region=hk`)).json().id).toBe(ids.everywhere);
  });

  it('treats an unknown region as cn', async () => {
    expect(skuIds((await api.native.get(`/api/products/${product}?region=mars`)).json())).toEqual([ids.everywhere, ids.cn]);
  });

  it('answers 404 for a product left with no SKU', async () => {
    const hkOnlyProduct = (await api.native.get(`/api/skus/${ids.hkOnly}?region=hk`)).json().product_id;
    expect((await api.native.get(`/api/products/${hkOnlyProduct}`)).statusCode).toBe(404);
    expect((await api.native.get(`/api/products/${hkOnlyProduct}?region=hk`)).statusCode).toBe(200);
  });

  it('filters search results and their count', async () => {
    const cn = (await api.native.get('/api/search/skus?keyword=harbor')).json();
    expect(cn.skus.map((s: { id: number }) => s.id)).toEqual([ids.everywhere, ids.cn]);
    expect(cn.meta.total_count).toBe(2);
    const hk = (await api.native.get('/api/search/skus?keyword=harbor&region=hk')).json();
    expect(hk.skus.map((s: { id: number }) => s.id)).toEqual([ids.everywhere, ids.hk]);
  });

  it('filters the editions of a SKU page and batches', async () => {
    const page = (await api.native.get(`/api/skus/${ids.everywhere}`)).json();
    expect(page.editions.map((e: { id: number }) => e.id)).toEqual([ids.everywhere, ids.cn]);
    const batch = (await api.native.get(`/api/skus?type=simple&q[id_in][]=${ids.hk}&q[id_in][]=${ids.cn}`)).json();
    expect(skuIds(batch)).toEqual([ids.cn]);
  });

  it('filters the SKUs layout content shows', async () => {
    await makeContent(t, { kind: 'booth', relations: [{ targetType: 'sku', targetId: ids.hk!, customWeight: 2 }, { targetType: 'sku', targetId: ids.everywhere!, customWeight: 1 }] });
    const booths = (await api.native.get('/api/v7/home')).json().booths;
    expect(booths.at(-1).skus.map((s: { id: number }) => s.id)).toEqual([ids.everywhere]);
    const hk = (await api.native.get('/api/v7/home?region=hk')).json().booths;
    expect(hk.at(-1).skus.map((s: { id: number }) => s.id)).toEqual([ids.hk, ids.everywhere]);
  });
});

describe('the region rule for signed-in accounts', () => {
  it("applies the account's own region", async () => {
    const hongKong = await makeAccount(t, { region: 'hk' });
    expect(skuIds((await api.native.get(`/api/products/${product}`, { token: hongKong.token })).json())).toEqual([ids.everywhere, ids.hk]);
    expect((await api.native.get(`/api/skus/${ids.hkOnly}`, { token: hongKong.token })).statusCode).toBe(200);
  });

  it('does not let a region parameter override the account region', async () => {
    const mainland = await makeAccount(t, { region: 'cn' });
    expect((await api.native.get(`/api/skus/${ids.hk}?region=hk`, { token: mainland.token })).json().id).toBe(ids.everywhere);
    expect((await api.native.get(`/api/skus/${ids.hkOnly}?region=hk`, { token: mainland.token })).statusCode).toBe(404);
    expect(skuIds((await api.native.get(`/api/products/${product}?region=hk`, { token: mainland.token })).json())).toEqual([ids.everywhere, ids.cn]);
  });

  it('refuses to wish for a SKU outside the account region', async () => {
    const mainland = await makeAccount(t, { region: 'cn' });
    expect((await api.native.put(`/api/me/wishes/${ids.hkOnly}`, undefined, { token: mainland.token })).statusCode).toBe(404);
  });
});

describe('the areas', () => {
  it("keeps each site to its own area's SKUs whatever the region", async () => {
    const abroad = await makeSku(t, { area: 'abroad', name: names('Harbor Abroad', '海外港') });
    expect((await api.abroad.get(`/api/skus/${abroad.id}`)).statusCode).toBe(200);
    expect((await api.native.get(`/api/skus/${abroad.id}`)).statusCode).toBe(404);
    expect((await api.native.get(`/api/skus/${abroad.id}?region=global`)).statusCode).toBe(404);
    expect((await api.abroad.get(`/api/skus/${ids.everywhere}`)).statusCode).toBe(404);
    const abroadSearch = (await api.abroad.get('/api/search/skus?keyword=harbor')).json();
    expect(skuIds(abroadSearch)).toEqual([abroad.id]);
  });
});
