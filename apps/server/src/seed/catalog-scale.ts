import { count, inArray } from 'drizzle-orm';
import type { Area } from '@lantern/domain';
import type { Deps } from '../platform/deps.ts';
import { categories, editions, products, skuTags, skus, tags, type EditionDetail } from '../modules/catalog/tables.ts';
import { layoutContents } from '../modules/storefront/tables.ts';
import { priceColumns, searchTextOf } from '../modules/catalog/columns.ts';
import { Prng } from './prng.ts';
import { insertAll, insertMany } from './catalog-insert.ts';
import { discounted } from './catalog.ts';
import { FEATURES, GAME_CATEGORIES, GENRES, PRICE_TIERS, THEMES, TITLE_FIRST, TITLE_SECOND } from './catalog-vocab.ts';
import { seedHomeLayouts } from './catalog-layout.ts';

const DAY = 86_400_000;

export interface ScaleOptions {
  /** SKUs to add: half as many products, each sold on both sites. */
  skus: number;
  /** Game tags in all, the vocabulary's first, then synthetic ones. */
  tags: number;
}

function compactDetail(title: string, chs: boolean): EditionDetail {
  return {
    title,
    headline: chs ? '一段值得体验的旅程。' : 'A journey worth taking.',
    activation: chs ? '在 Steam 客户端中激活。' : 'Activate in the Steam client.',
    description: chs ? `《${title}》：探索、战斗、成长。` : `${title}: explore, fight, grow.`,
    summary: chs ? '探索、战斗、成长。' : 'Explore, fight, grow.',
    videos: [],
    media: [{ kind: 'image', seed: `${title}-shot`, caption: chs ? '游戏截图' : 'Screenshot' }],
    system_requirements: { minimum: { OS: 'Windows 10 64-bit', Memory: '8 GB RAM' }, recommended: { OS: 'Windows 11 64-bit', Memory: '16 GB RAM' } },
    background: '',
    noumenon_version: '1.0.0',
    copyright: '© Lantern',
  };
}

/**
 * A large synthetic catalogue for the benchmark (issue: at least 20,000 SKUs and 200 tags), written with
 * multi-row inserts in batches inside one transaction. It adds to whatever is there (the demo catalogue or
 * nothing); a home layout is seeded when none exists yet, so GET /api/v7/home has real work to do.
 */
export async function seedCatalogAtScale(deps: Deps, options: ScaleOptions = { skus: 20_000, tags: 200 }) {
  const rng = new Prng(0x5ca1e);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const vocabulary = [
      ...GENRES.map(([slug, en, chs]) => ({ kind: 'genre' as const, slug, name: { en, chs } })),
      ...FEATURES.map(([slug, en, chs]) => ({ kind: 'feature' as const, slug, name: { en, chs } })),
      ...THEMES.map(([slug, en, chs]) => ({ kind: 'theme' as const, slug, name: { en, chs } })),
    ];
    const synthetic = Array.from({ length: Math.max(0, options.tags - vocabulary.length) }, (_, i) => ({
      kind: 'theme' as const,
      slug: `scale-theme-${i + 1}`,
      name: { en: `Theme ${i + 1}`, chs: `主题${i + 1}` },
    }));
    const tagRows = [...vocabulary, ...synthetic].map((tag, position) => ({ ...tag, position, updatedAt: now }));
    for (let i = 0; i < tagRows.length; i += 500) await tx.insert(tags).values(tagRows.slice(i, i + 500)).onConflictDoNothing();
    const tagIds = (await tx.select({ id: tags.id }).from(tags).where(inArray(tags.kind, ['genre', 'feature', 'theme']))).map((t) => t.id);
    await tx
      .insert(categories)
      .values(GAME_CATEGORIES.map(([slug, en, chs], position) => ({ shop: 'game' as const, slug, name: { en, chs }, position })))
      .onConflictDoNothing();
    const categoryIds = (await tx.select({ id: categories.id }).from(categories)).map((c) => c.id);

    const productCount = Math.ceil(options.skus / 2);
    const plans = Array.from({ length: productCount }, (_, i) => {
      const [firstEn, firstZh] = rng.pick(TITLE_FIRST);
      const [secondEn, secondZh] = rng.pick(TITLE_SECOND);
      return {
        name: { en: `${firstEn} ${secondEn} ${i + 1}`, chs: `${firstZh}${secondZh} ${i + 1}` },
        tier: rng.int(-1, PRICE_TIERS.length - 1),
        discount: rng.chance(0.35) ? rng.pick([10, 20, 25, 33, 50, 66, 75]) : null,
        status: rng.weighted([['sale', 85], ['pre_sale', 8], ['off', 5], ['unpublished', 2]] as const),
        releasedAt: new Date(now.getTime() - rng.int(-120, 3000) * DAY),
        score: rng.int(40, 98),
        wishes: Math.floor(Math.exp(rng.next() * 10)),
        rank: rng.int(0, 1000),
        categoryId: rng.pick(categoryIds),
        tagIds: rng.sample(tagIds, rng.int(3, 6)),
      };
    });
    const inserted = await insertAll(tx, products, plans.map((p) => ({ cate: 'game' as const, kind: 'game' as const, name: p.name, developer: 'Scale Studio', publisher: 'Lantern Works' })), 1000);

    const skuPlans = plans.flatMap((p, i) => (['native', 'abroad'] as const).map((area: Area) => ({ p, area, productId: inserted[i]!.id }))).slice(0, options.skus);
    const skuRows = await insertAll(tx, skus, skuPlans.map(({ p, area, productId }) => {
      const [usd, cny] = p.tier < 0 ? [0, 0] : PRICE_TIERS[p.tier]!;
      const list = area === 'native' ? cny : usd;
      return {
        productId,
        area,
        region: null,
        status: p.status,
        edition: { en: '', chs: '' },
        skuName: p.name,
        skuEname: p.name.en,
        ...priceColumns(list, discounted(list, p.discount, area)),
        keyType: 'steam' as const,
        coverSeed: `scale-${productId}~${area === 'native' ? p.name.chs : p.name.en}`,
        releasedAt: p.releasedAt,
        score: p.score,
        wishesCount: p.wishes,
        rank: p.rank,
        categoryId: p.categoryId,
        searchText: searchTextOf(p.name, p.name.en),
      };
    }), 1000);
    await insertMany(tx, skuTags, skuRows.flatMap((s, i) => skuPlans[i]!.p.tagIds.map((tagId) => ({ skuId: s.id, tagId }))), 5000);
    await insertMany(tx, editions, skuRows.map((s) => {
      const chs = compactDetail(s.skuName.chs, true);
      const en = compactDetail(s.skuName.en, false);
      return { skuId: s.id, details: { chs, en, default: s.area === 'native' ? chs : en } };
    }), 1000);

    const [layouts] = await tx.select({ n: count() }).from(layoutContents);
    if ((layouts?.n ?? 0) === 0) await seedHomeLayouts(tx, now, rng);
    return { products: inserted.length, skus: skuRows.length, tags: tagIds.length };
  });
}
