import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNotNull, ne } from 'drizzle-orm';
import { createTestApp } from '../support/harness.ts';
import { clients } from '../support/client.ts';
import { seedCatalog } from '../../src/seed/catalog.ts';
import { bundleItems, editions, products, skus, tags } from '../../src/modules/catalog/tables.ts';
import { useTestApp } from '../support/test-app.ts';

/** The demo seed (the one test that uses it): a believable store on both sites. */

const { t, api } = useTestApp();
let result: Awaited<ReturnType<typeof seedCatalog>>;
beforeAll(async () => {
  result = await seedCatalog(t.deps);
}, 120_000);

async function n(query: Promise<Array<{ n: number }>>) {
  return (await query)[0]!.n;
}

describe('the demo catalogue', () => {
  it('holds at least 150 games across both sites, 40 peripherals, DLC, bundles and editions', async () => {
    const db = t.deps.db;
    expect(result.games).toBeGreaterThanOrEqual(150);
    expect(result.peripherals).toBe(40);
    expect(await n(db.select({ n: count() }).from(products).where(eq(products.kind, 'game')))).toBeGreaterThanOrEqual(150);
    expect(await n(db.select({ n: count() }).from(products).where(eq(products.kind, 'peripheral')))).toBe(40);
    expect(await n(db.select({ n: count() }).from(products).where(and(eq(products.kind, 'dlc'), isNotNull(products.baseProductId))))).toBeGreaterThanOrEqual(18);
    expect(await n(db.select({ n: count() }).from(bundleItems))).toBeGreaterThan(10);
    for (const area of ['native', 'abroad'] as const) {
      expect(await n(db.select({ n: count() }).from(skus).innerJoin(products, eq(products.id, skus.productId)).where(and(eq(skus.area, area), eq(products.kind, 'game'))))).toBeGreaterThan(110);
    }
    expect(await n(db.select({ n: count() }).from(skus).where(ne(skus.editionPosition, 0)))).toBeGreaterThan(20);
    expect(await n(db.select({ n: count() }).from(tags).where(ne(tags.kind, 'peri')))).toBeGreaterThanOrEqual(25);
    expect(await n(db.select({ n: count() }).from(editions))).toBe(result.skus);
    // Free, discounted, pre-sale, off and unpublished games, and region-locked SKUs, all present.
    expect(await n(db.select({ n: count() }).from(skus).where(eq(skus.listPrice, 0)))).toBeGreaterThan(5);
    expect(await n(db.select({ n: count() }).from(skus).where(ne(skus.discount, 0)))).toBeGreaterThan(60);
    expect(await n(db.select({ n: count() }).from(skus).where(eq(skus.status, 'pre_sale')))).toBeGreaterThan(5);
    expect(await n(db.select({ n: count() }).from(skus).where(eq(skus.status, 'off')))).toBeGreaterThan(0);
    expect(await n(db.select({ n: count() }).from(skus).where(eq(skus.status, 'unpublished')))).toBeGreaterThan(0);
    expect(await n(db.select({ n: count() }).from(skus).where(eq(skus.region, 'hk')))).toBeGreaterThan(0);
    expect(await n(db.select({ n: count() }).from(skus).where(eq(skus.region, 'cn')))).toBeGreaterThan(0);
  });

  it('prices a game sold on both sites in each currency, the mainland price a sensible multiple of the dollar one', async () => {
    const gamesOn = async (area: 'native' | 'abroad') =>
      (await t.deps.db.select({ sku: skus }).from(skus).innerJoin(products, eq(products.id, skus.productId))
        .where(and(eq(skus.area, area), eq(products.kind, 'game'), eq(skus.status, 'sale'), eq(skus.editionPosition, 0), ne(skus.listPrice, 0)))).map((r) => r.sku);
    const native = await gamesOn('native');
    const abroad = await gamesOn('abroad');
    const pairs = native.flatMap((a) => abroad.filter((b) => b.productId === a.productId).map((b) => [a, b] as const));
    expect(pairs.length).toBeGreaterThan(80);
    for (const [cny, usd] of pairs) {
      expect(cny.listPrice % 100).toBe(0);
      expect(usd.listPrice % 100).toBe(99);
      expect(cny.listPrice / usd.listPrice).toBeGreaterThan(3);
      expect(cny.listPrice / usd.listPrice).toBeLessThan(6);
    }
    const [sku] = pairs[0]!;
    const page = (await api.native.get(`/api/skus/${sku.id}`)).json();
    expect(page.currency).toBe('CNY');
  });

  it('fills every home block on both sites, with the caps showing', async () => {
    for (const site of [api.native, api.abroad]) {
      const home = (await site.get('/api/v7/home')).json();
      expect(home.banners.length).toBeGreaterThanOrEqual(4);
      expect(home.springboard).not.toBeNull();
      expect(home.springboard.skus.length).toBeGreaterThan(0);
      expect(home.tagged.length).toBe(4);
      expect(home.tagged.every((row: { skus: unknown[] }) => row.skus.length > 0)).toBe(true);
      expect(home.booths.length).toBe(3);
      expect(home.boxes.length).toBe(2);
      expect(home.cubes.filter((c: { cube_kind: string }) => c.cube_kind === 'Hot_Group')).toHaveLength(4);
      expect(home.cubes.filter((c: { cube_kind: string }) => c.cube_kind === 'Mall_Index_Headline')).toHaveLength(3);
      expect(home.ellipses.length).toBe(8);
      expect(home.pack_ids.length).toBe(4);
      expect((await site.get(`/api/custom/packs?${home.pack_ids.map((id: number) => `ids[]=${id}`).join('&')}`)).json().packs).toHaveLength(4);
      const peri = (await site.get('/api/peri_home')).json();
      expect(peri.banners.length).toBe(3);
      expect(peri.nav_items.length).toBe(6);
      expect(peri.sections.length).toBeGreaterThanOrEqual(5);
    }
  });

  it('opens a game with editions, DLC and store-page text in both languages', async () => {
    const withDlc = (await api.native.get('/api/search/skus?q[kind_in][]=dlc&per=1')).json().skus[0];
    const dlc = (await api.native.get(`/api/skus/${withDlc.id}`)).json();
    expect(dlc.base_sku).not.toBeNull();
    const base = (await api.native.get(`/api/skus/${dlc.base_sku.id}`)).json();
    expect(base.dlcs.map((d: { id: number }) => d.id)).toContain(dlc.id);
    expect(base.edition_profile.edition_details.chs.description).toMatch(/[\u4e00-\u9fff]/);
    expect(base.edition_profile.edition_details.en.description).toMatch(/[a-z]/);
    expect(base.edition_profile.edition_details.default).toEqual(base.edition_profile.edition_details.chs);
    expect(base.edition_profile.edition_details.en.media.length).toBeGreaterThanOrEqual(4);
    expect(base.edition_profile.edition_region.map((r: { region: string }) => r.region)).toEqual(expect.arrayContaining(['cn']));
  });
});

describe('the benchmark catalogue (seedCatalogAtScale)', () => {
  it('adds the SKUs and tags asked for, with a home, in batches', async () => {
    const fresh = await createTestApp();
    try {
      const { seedCatalogAtScale } = await import('../../src/seed/catalog-scale.ts');
      const made = await seedCatalogAtScale(fresh.deps, { skus: 400, tags: 60 });
      expect(made).toEqual({ products: 200, skus: 400, tags: 60 });
      expect(await n(fresh.deps.db.select({ n: count() }).from(skus))).toBe(400);
      expect(await n(fresh.deps.db.select({ n: count() }).from(editions))).toBe(400);
      const local = clients(fresh);
      const search = (await local.native.get('/api/search/skus?keyword=tides&order=sale_price')).json();
      expect(search.meta.total_count).toBeGreaterThanOrEqual(search.skus.length);
      const home = (await local.abroad.get('/api/v7/home')).json();
      expect(home.banners.length).toBeGreaterThan(0);
      expect(home.tagged.length).toBe(4);
    } finally {
      await fresh.close();
    }
  });
});
