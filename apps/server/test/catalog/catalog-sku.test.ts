import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/harness.ts';
import { clients } from '../support/client.ts';
import { makeAccount, makeBundle, makeCategory, makeEdition, makeProduct, makeSku, makeTag, names } from '../support/catalog-factories.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

describe('GET /api/skus/{id}', () => {
  it('shows a SKU as a summary: drawn covers, effective price and discount, the site currency, tags and category', async () => {
    const action = await makeTag(t, { kind: 'genre', name: names('Action', '动作') });
    const coop = await makeTag(t, { kind: 'feature', name: names('Co-op', '合作') });
    const category = await makeCategory(t, { name: names('Action & Adventure', '动作冒险') });
    const sku = await makeSku(t, { name: names('Ashen Tides', '灰烬之潮'), listPrice: 9800, salePrice: 4900, categoryId: category.id, tagIds: [action.id, coop.id], coverSeed: 'ashen~Ashen Tides' });
    const res = await api.native.get(`/api/skus/${sku.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: sku.id,
      area: 'native',
      currency: 'CNY',
      status: 'sale',
      cate: 'game',
      kind: 'game',
      sku_names: { chs: '灰烬之潮', en: 'Ashen Tides' },
      list_price: 9800,
      sale_price: 4900,
      discount: 50,
      category: { id: category.id, slug: category.slug, shop: 'game', name: { chs: '动作冒险', en: 'Action & Adventure' } },
      sku_covers: {
        vertical: '/media/covers/ashen~Ashen%20Tides.svg?shape=vertical',
        horizontal: '/media/covers/ashen~Ashen%20Tides.svg?shape=horizontal',
      },
      is_wished: false,
      developer: 'Quiet Pine',
    });
    expect(body.tags.map((x: { id: number }) => x.id).sort()).toEqual([action.id, coop.id].sort());
  });

  it('falls back to the list price when there is no sale price, and prices abroad SKUs in USD', async () => {
    const sku = await makeSku(t, { area: 'abroad', listPrice: 1999, salePrice: null });
    const body = (await api.abroad.get(`/api/skus/${sku.id}`)).json();
    expect(body).toMatchObject({ currency: 'USD', list_price: 1999, sale_price: 1999, discount: 0 });
  });

  it('carries the edition: details per language with media URLs, and per-region prices', async () => {
    const sku = await makeSku(t);
    await makeEdition(t, sku.id, [{ region: 'cn', listPrice: 9800, salePrice: 7800 }, { region: 'hk', listPrice: 9900 }]);
    const body = (await api.native.get(`/api/skus/${sku.id}`)).json();
    expect(body.edition_profile.sku_id).toBe(sku.id);
    expect(body.edition_profile.edition_details.chs.title).toBe('中文标题');
    expect(body.edition_profile.edition_details.en.title).toBe('English title');
    expect(body.edition_profile.edition_profile.details.default.title).toBe('English title');
    expect(body.edition_profile.edition_details.en.media[0]).toEqual({ kind: 'image', url: '/media/covers/shot-English%20title.svg?shape=horizontal', caption: 'A screenshot' });
    expect(body.edition_profile.edition_region).toEqual([
      expect.objectContaining({ region: 'cn', list_price: 9800, sale_price: 7800 }),
      expect.objectContaining({ region: 'hk', list_price: 9900, sale_price: 9900 }),
    ]);
  });

  it('still answers for a SKU without edition text, with its names as titles', async () => {
    const sku = await makeSku(t, { name: names('Bare Game', '朴素游戏') });
    const body = (await api.native.get(`/api/skus/${sku.id}`)).json();
    expect(body.edition_profile.edition_details.chs.title).toBe('朴素游戏');
    expect(body.edition_profile.edition_details.default.title).toBe('朴素游戏');
    expect(body.edition_profile.edition_region).toEqual([]);
  });

  it("lists the product's editions on this area in edition order, without the other area's or unpublished ones", async () => {
    const product = await makeProduct(t);
    const deluxe = await makeSku(t, { productId: product.id, edition: names('Deluxe', '豪华版'), editionPosition: 1 });
    const standard = await makeSku(t, { productId: product.id, edition: names('Standard', '标准版'), editionPosition: 0 });
    await makeSku(t, { productId: product.id, editionPosition: 2, status: 'unpublished' });
    await makeSku(t, { productId: product.id, area: 'abroad' });
    const body = (await api.native.get(`/api/skus/${deluxe.id}`)).json();
    expect(body.editions.map((e: { id: number }) => e.id)).toEqual([standard.id, deluxe.id]);
  });

  it('lists the DLC of a game, and gives a DLC its base game', async () => {
    const base = await makeSku(t);
    const dlcProduct = await makeProduct(t, { kind: 'dlc', baseProductId: base.productId });
    const dlc = await makeSku(t, { productId: dlcProduct.id });
    await makeSku(t, { productId: dlcProduct.id, area: 'abroad' });
    const game = (await api.native.get(`/api/skus/${base.id}`)).json();
    expect(game.dlcs.map((d: { id: number }) => d.id)).toEqual([dlc.id]);
    expect(game.dlcs[0].kind).toBe('dlc');
    expect(game.base_sku).toBeNull();
    const extra = (await api.native.get(`/api/skus/${dlc.id}`)).json();
    expect(extra.base_sku.id).toBe(base.id);
    expect(extra.dlcs).toEqual([]);
  });

  it('shows the bundles holding a SKU with their items, and what a bundle holds', async () => {
    const a = await makeSku(t);
    const b = await makeSku(t);
    const hidden = await makeSku(t, { status: 'unpublished' });
    const bundle = await makeBundle(t, [b.id, a.id, hidden.id]);
    const item = (await api.native.get(`/api/skus/${a.id}`)).json();
    expect(item.bundles).toHaveLength(1);
    expect(item.bundles[0]).toMatchObject({ id: bundle.id, kind: 'bundle' });
    expect(item.bundles[0].items.map((i: { id: number }) => i.id)).toEqual([b.id, a.id]);
    const whole = (await api.native.get(`/api/skus/${bundle.id}`)).json();
    expect(whole.bundle_items.map((i: { id: number }) => i.id)).toEqual([b.id, a.id]);
    expect(whole.bundles).toEqual([]);
  });

  it('tells a signed-in viewer whether they wish for it', async () => {
    const sku = await makeSku(t);
    const buyer = await makeAccount(t);
    expect((await api.native.get(`/api/skus/${sku.id}`, { token: buyer.token })).json().is_wished).toBe(false);
    await api.native.put(`/api/me/wishes/${sku.id}`, undefined, { token: buyer.token });
    expect((await api.native.get(`/api/skus/${sku.id}`, { token: buyer.token })).json().is_wished).toBe(true);
  });

  it('shows a SKU taken off sale, but never an unpublished one', async () => {
    const off = await makeSku(t, { status: 'off' });
    const unpublished = await makeSku(t, { status: 'unpublished' });
    expect((await api.native.get(`/api/skus/${off.id}`)).json().status).toBe('off');
    const staff = await makeAccount(t, { role: 'staff' });
    expect((await api.native.get(`/api/skus/${unpublished.id}`)).statusCode).toBe(404);
    expect((await api.native.get(`/api/skus/${unpublished.id}`, { token: staff.token })).statusCode).toBe(404);
  });

  it("answers 404 for a SKU of the other site's area and for an unknown id, 422 for an id that is not one", async () => {
    const abroad = await makeSku(t, { area: 'abroad' });
    expect((await api.abroad.get(`/api/skus/${abroad.id}`)).statusCode).toBe(200);
    const res = await api.native.get(`/api/skus/${abroad.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: { base: ['not_found'] } });
    expect((await api.native.get('/api/skus/987654321')).statusCode).toBe(404);
    expect((await api.native.get('/api/skus/abc')).statusCode).toBe(422);
    expect((await api.native.get('/api/skus/-1')).statusCode).toBe(422);
    expect((await api.native.get('/api/skus/99999999999999999999')).statusCode).toBe(422);
    expect((await api.native.get('/api/skus/1.5')).statusCode).toBe(422);
  });

  it('accepts the .json suffix', async () => {
    const sku = await makeSku(t);
    expect((await api.native.get(`/api/skus/${sku.id}.json`)).json().id).toBe(sku.id);
  });
});

describe('GET /api/products/{id}', () => {
  it('shows the product with its SKUs on this area, its related products and the developer\'s games', async () => {
    const product = await makeProduct(t, { name: names('Lantern Road', '灯笼之路'), developer: 'Paper Crane' });
    const standard = await makeSku(t, { productId: product.id, editionPosition: 0 });
    const deluxe = await makeSku(t, { productId: product.id, editionPosition: 1 });
    await makeSku(t, { productId: product.id, area: 'abroad' });
    const related = await makeSku(t);
    const relatedAbroadOnly = await makeSku(t, { area: 'abroad' });
    const sibling = await makeSku(t);
    const { relateProducts } = await import('../support/catalog-factories.ts');
    await relateProducts(t, product.id, related.productId, 'related', 0);
    await relateProducts(t, product.id, relatedAbroadOnly.productId, 'related', 1);
    await relateProducts(t, product.id, sibling.productId, 'developer', 0);

    const res = await api.native.get(`/api/products/${product.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: product.id, cate: 'game', kind: 'game', name: { en: 'Lantern Road' }, developer: 'Paper Crane' });
    expect(body.skus.map((s: { id: number }) => s.id)).toEqual([standard.id, deluxe.id]);
    expect(body.relation).toEqual([expect.objectContaining({ id: related.productId, skus: [expect.objectContaining({ id: related.id })] })]);
    expect(body.relation_products_skus.map((s: { id: number }) => s.id)).toEqual([related.id]);
    expect(body.developer_skus.map((s: { id: number }) => s.id)).toEqual([sibling.id]);
  });

  it('is a 404 when the product has no SKU on this area, and for an unknown or malformed id', async () => {
    const abroadOnly = await makeSku(t, { area: 'abroad' });
    expect((await api.abroad.get(`/api/products/${abroadOnly.productId}`)).statusCode).toBe(200);
    expect((await api.native.get(`/api/products/${abroadOnly.productId}`)).statusCode).toBe(404);
    const unpublished = await makeSku(t, { status: 'unpublished' });
    expect((await api.native.get(`/api/products/${unpublished.productId}`)).statusCode).toBe(404);
    expect((await api.native.get('/api/products/987654321')).statusCode).toBe(404);
    expect((await api.native.get('/api/products/x1')).statusCode).toBe(422);
  });
});

describe('GET /api/skus?type=simple (batch)', () => {
  it('answers the SKUs asked for in the order asked, skipping what this site does not show', async () => {
    const a = await makeSku(t);
    const b = await makeSku(t, { status: 'off' });
    const abroad = await makeSku(t, { area: 'abroad' });
    const hidden = await makeSku(t, { status: 'unpublished' });
    const res = await api.native.get(`/api/skus?type=simple&q[id_in][]=${b.id}&q[id_in][]=${abroad.id}&q[id_in][]=${a.id}&q[id_in][]=${hidden.id}&q[id_in][]=${a.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().skus.map((s: { id: number }) => s.id)).toEqual([b.id, a.id]);
    expect(res.json().meta).toEqual({ total_count: 2, page: 1, per: 30 });
  });

  it('takes a lone id, and refuses more than 30 ids as out_limit', async () => {
    const a = await makeSku(t);
    expect((await api.native.get(`/api/skus?type=simple&q[id_in]=${a.id}`)).json().skus).toHaveLength(1);
    const ids = Array.from({ length: 31 }, (_, i) => `q[id_in][]=${i + 1}`).join('&');
    const res = await api.native.get(`/api/skus?type=simple&${ids}`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: { id_in: ['out_limit'] }, meta: { limit: 30 } });
    const thirty = Array.from({ length: 30 }, (_, i) => `q[id_in][]=${i + 1}`).join('&');
    expect((await api.native.get(`/api/skus?type=simple&${thirty}`)).statusCode).toBe(200);
  });

  it('refuses malformed batches with a 422', async () => {
    expect((await api.native.get('/api/skus?type=simple')).statusCode).toBe(422);
    expect((await api.native.get('/api/skus?type=full&q[id_in][]=1')).statusCode).toBe(422);
    expect((await api.native.get('/api/skus?type=simple&q[id_in][]=abc')).statusCode).toBe(422);
  });
});

describe('GET /api/suggest/skus', () => {
  it("answers the area's top listed games by rank (no extras or peripherals)", async () => {
    const fresh = await createTestApp();
    try {
      const local = clients(fresh);
      const low = await makeSku(fresh, { rank: 5 });
      const top = await makeSku(fresh, { rank: 500 });
      const mid = await makeSku(fresh, { rank: 50, status: 'pre_sale' });
      await makeSku(fresh, { rank: 1000, status: 'off' });
      await makeSku(fresh, { rank: 900, area: 'abroad' });
      await makeSku(fresh, { rank: 2000, product: { kind: 'dlc' } });
      await makeSku(fresh, { rank: 2000, product: { cate: 'physical', kind: 'peripheral' } });
      const res = await local.native.get('/api/suggest/skus');
      expect(res.json().skus.map((s: { id: number }) => s.id)).toEqual([top.id, mid.id, low.id]);
      expect((await local.native.get('/api/suggest/skus?per=1')).json().skus.map((s: { id: number }) => s.id)).toEqual([top.id]);
      expect((await local.native.get('/api/suggest/skus?per=500')).statusCode).toBe(422);
    } finally {
      await fresh.close();
    }
  });
});

describe('GET /api/skus/{id}/service', () => {
  it('is for signed-in users only', async () => {
    const sku = await makeSku(t);
    const res = await api.native.get(`/api/skus/${sku.id}/service`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: { base: ['unauthorized'] } });
  });

  it('cross-sells listed SKUs of other products sharing a tag, by rank; gift packs are empty until promotions exist', async () => {
    const tag = await makeTag(t);
    const other = await makeTag(t);
    const sku = await makeSku(t, { tagIds: [tag.id] });
    const sameProduct = await makeSku(t, { productId: sku.productId, tagIds: [tag.id] });
    const high = await makeSku(t, { rank: 80, tagIds: [tag.id, other.id] });
    const low = await makeSku(t, { rank: 20, tagIds: [tag.id] });
    await makeSku(t, { rank: 99, tagIds: [other.id] });
    await makeSku(t, { rank: 99, tagIds: [tag.id], status: 'off' });
    await makeSku(t, { rank: 99, tagIds: [tag.id], area: 'abroad' });
    const buyer = await makeAccount(t);
    const res = await api.native.get(`/api/skus/${sku.id}/service`, { token: buyer.token });
    expect(res.statusCode).toBe(200);
    const ids = res.json().cross_sale.map((s: { id: number }) => s.id);
    expect(ids).toEqual([high.id, low.id]);
    expect(ids).not.toContain(sameProduct.id);
    expect(res.json().gift_packs).toEqual([]);
    expect((await api.native.get('/api/skus/987654321/service', { token: buyer.token })).statusCode).toBe(404);
  });
});
