import { eq } from 'drizzle-orm';
import type { Area } from '@lantern/domain';
import type { Deps } from '../platform/deps.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import {
  bundleItems, categories, editionRegions, editions, productRelations, products, skuTags, skus, tags,
  type EditionDetail, type LocalizedName,
} from '../modules/catalog/tables.ts';
import { priceColumns, searchTextOf } from '../modules/catalog/columns.ts';
import { Prng } from './prng.ts';
import { insertAll, insertMany } from './catalog-insert.ts';
import { DLC_NAMES, EDITIONS, FEATURES, GAME_CATEGORIES, GENRES, PERI_TAGS, PERIPHERAL_CATEGORIES, PRICE_TIERS, THEMES, type Pair } from './catalog-vocab.ts';
import { planGames, slugOf, type GamePlan, type KeyType, type Status } from './catalog-plan.ts';
import { gameDetails, peripheralDetails } from './catalog-text.ts';
import { planPeripherals } from './peripherals.ts';
import { seedHomeLayouts } from './catalog-layout.ts';

const DAY = 86_400_000;
type SkuInsert = typeof skus.$inferInsert;
type Details = { chs: EditionDetail; en: EditionDetail; default: EditionDetail };

/** A SKU to write, with what is written alongside it (tags, edition text, per-region prices). */
interface SkuDraft {
  row: Omit<SkuInsert, 'productId'>;
  productIndex: number;
  tagSlugs: string[];
  details: Details;
  /** Bundle drafts: indexes of the SKU drafts they hold. */
  items?: number[];
}

interface ProductDraft {
  row: typeof products.$inferInsert;
  /** For a DLC: the index of its base game's product draft. */
  baseIndex?: number;
}

/** A price of a tier on an area (minor units). */
function tierPrice(tier: number, area: Area): number {
  if (tier < 0) return 0;
  const [usd, cny] = PRICE_TIERS[Math.min(tier, PRICE_TIERS.length - 1)]!;
  return area === 'native' ? cny : usd;
}

/** A sale price after a discount, shaped the way each store prices (x.99 in USD, whole yuan in CNY). */
export function discounted(list: number, percent: number | null, area: Area): number | null {
  if (percent === null || list <= 0) return null;
  const raw = (list * (100 - percent)) / 100;
  const price = area === 'abroad' ? Math.max(99, Math.round(raw / 100) * 100 - 1) : Math.max(100, Math.round(raw / 100) * 100);
  return price < list ? price : null;
}

function skuDraft(
  plan: { key: string; name: LocalizedName; edition: Pair | null; editionPosition: number },
  area: Area,
  fields: {
    status: Status; region: string | null; list: number; sale: number | null; keyType: KeyType | null; releasedAt: Date; score: number;
    wishes: number; rank: number; categoryId: number | null; pointsPay: boolean;
  },
): Omit<SkuInsert, 'productId'> {
  const name = plan.edition && plan.editionPosition > 0
    ? { chs: `${plan.name.chs} ${plan.edition[1]}`, en: `${plan.name.en} ${plan.edition[0]}` }
    : plan.name;
  const title = area === 'native' ? name.chs : name.en;
  const prices = priceColumns(fields.list, fields.sale);
  const points = fields.pointsPay && area === 'native' && fields.list > 0;
  return {
    area,
    region: fields.region,
    status: fields.status,
    edition: plan.edition ? { en: plan.edition[0], chs: plan.edition[1] } : { en: '', chs: '' },
    editionPosition: plan.editionPosition,
    skuName: name,
    skuEname: name.en,
    ...prices,
    listPoints: points ? Math.round(fields.list / 10) : null,
    salePoints: points && fields.sale !== null ? Math.round(fields.sale / 10) : null,
    canPointsPay: points,
    supportCashPay: true,
    keyType: fields.keyType,
    coverSeed: `${plan.key}~${title}`,
    releasedAt: fields.releasedAt,
    score: fields.score,
    wishesCount: fields.wishes,
    rank: fields.rank,
    categoryId: fields.categoryId,
    searchText: searchTextOf(name, name.en),
  };
}

/** The taxonomy: game tags (genres, features, themes), the peripheral nav tags, both shops' categories. */
async function seedTaxonomy(db: DbOrTx, now: Date) {
  const tagRows = [
    ...GENRES.map(([slug, en, chs], i) => ({ kind: 'genre' as const, slug, name: { en, chs }, position: i, updatedAt: now })),
    ...FEATURES.map(([slug, en, chs], i) => ({ kind: 'feature' as const, slug, name: { en, chs }, position: i, updatedAt: now })),
    ...THEMES.map(([slug, en, chs], i) => ({ kind: 'theme' as const, slug, name: { en, chs }, position: i, updatedAt: now })),
    ...PERI_TAGS.map(([slug, en, chs], i) => ({ kind: 'peri' as const, slug, name: { en, chs }, position: i, updatedAt: now })),
  ];
  const insertedTags = await insertAll(db, tags, tagRows);
  const categoryRows = [
    ...GAME_CATEGORIES.map(([slug, en, chs], i) => ({ shop: 'game' as const, slug, name: { en, chs }, position: i })),
    ...PERIPHERAL_CATEGORIES.map(([slug, en, chs], i) => ({ shop: 'peripheral' as const, slug, name: { en, chs }, position: i })),
  ];
  const insertedCategories = await insertAll(db, categories, categoryRows);
  return {
    tagId: new Map(insertedTags.map((t) => [`${t.kind === 'peri' ? 'peri:' : ''}${t.slug}`, t.id])),
    categoryId: new Map(insertedCategories.map((c) => [`${c.shop}:${c.slug}`, c.id])),
  };
}

function categoryOfGenre(genre: string): string {
  return GAME_CATEGORIES.find(([, , , genres]) => genres.includes(genre))?.[0] ?? 'action-adventure';
}

export interface SeedCatalogResult {
  games: number;
  peripherals: number;
  products: number;
  skus: number;
}

/**
 * The demo catalogue of both sites (deterministic: a seeded generator; dates relative to the clock):
 * 160 games with editions, DLC, bundles, soundtracks and artbooks, 40 peripherals, tags and categories,
 * store-page text in both languages, and a full home layout per site. One transaction: all or nothing.
 */
export async function seedCatalog(deps: Deps): Promise<SeedCatalogResult> {
  const now = deps.clock.now();
  const rng = new Prng(0x1a7e2026);
  return deps.db.transaction(async (tx) => {
    const { tagId, categoryId } = await seedTaxonomy(tx, now);
    const productDrafts: ProductDraft[] = [];
    const skuDrafts: SkuDraft[] = [];
    const games = planGames(rng, now);
    /** Per game: the SKU draft indexes per area and edition position. */
    const gameSkus: Array<Partial<Record<Area, number[]>>> = [];

    for (const game of games) {
      const productIndex = productDrafts.push({ row: { cate: 'game', kind: 'game', name: game.name, developer: game.developer, publisher: game.publisher } }) - 1;
      const placed: Partial<Record<Area, number[]>> = {};
      for (const area of game.areas) {
        placed[area] = game.editions.map((edition, position) => {
          const tier = game.tier < 0 ? -1 : game.tier + (edition === 'deluxe' ? 2 : edition === 'ultimate' ? 4 : 0);
          const list = tierPrice(tier, area);
          const extra: Pair | undefined = edition === 'deluxe'
            ? ['The Deluxe Edition adds the digital soundtrack, an artbook and three bonus outfits.', '豪华版包含数字原声、艺术设定集与三套额外外观。']
            : edition === 'ultimate'
              ? ['The Ultimate Edition adds the Season Pass with every upcoming expansion, plus all Deluxe content.', '终极版包含季票（涵盖所有后续资料片）及全部豪华版内容。']
              : undefined;
          const edited = game.editions.length > 1 ? EDITIONS[edition] : null;
          return skuDrafts.push({
            productIndex,
            row: skuDraft({ key: game.key, name: game.name, edition: edited, editionPosition: position }, area, {
              status: game.status,
              region: area === 'native' ? game.nativeRegion : null,
              list,
              sale: discounted(list, game.discount, area),
              keyType: game.keyType,
              releasedAt: game.releasedAt,
              score: game.score,
              wishes: Math.round(game.wishes * (area === 'native' ? 1 : 0.6) * (position === 0 ? 1 : 0.25)),
              rank: game.rank - position * 8,
              categoryId: categoryId.get(`game:${categoryOfGenre(game.genres[0]!)}`) ?? null,
              pointsPay: game.pointsPay,
            }),
            tagSlugs: [...game.genres, ...game.features, ...game.themes],
            details: gameDetails(rng, {
              name: edited && position > 0 ? { chs: `${game.name.chs} ${edited[1]}`, en: `${game.name.en} ${edited[0]}` } : game.name,
              key: game.key, genre: game.genres[0]!, theme: game.themes[0]!, features: game.features, developer: game.developer,
              publisher: game.publisher, year: game.releasedAt.getUTCFullYear(), keyType: game.keyType, tier: game.sysTier, editionExtra: extra, kind: 'game',
            }, area === 'native' ? 'chs' : 'en'),
          }) - 1;
        });
      }
      gameSkus.push(placed);
    }

    planExtras(rng, now, games, gameSkus, productDrafts, skuDrafts, categoryId);
    const peripheralCount = addPeripherals(rng, now, productDrafts, skuDrafts, categoryId);

    // Products first (then each DLC learns its base's id), SKUs, and what hangs off them.
    const insertedProducts = await insertAll(tx, products, productDrafts.map((p) => p.row));
    const productIds = insertedProducts.map((p) => p.id);
    for (const [i, draft] of productDrafts.entries()) {
      if (draft.baseIndex !== undefined) await tx.update(products).set({ baseProductId: productIds[draft.baseIndex]! }).where(eq(products.id, productIds[i]!));
    }
    const insertedSkus = await insertAll(tx, skus, skuDrafts.map((d) => ({ ...d.row, productId: productIds[d.productIndex]! })), 300);
    const skuIds = insertedSkus.map((s) => s.id);

    await insertMany(tx, skuTags, skuDrafts.flatMap((d, i) => [...new Set(d.tagSlugs)].map((slug) => tagId.get(slug)).filter((id): id is number => id !== undefined).map((id) => ({ skuId: skuIds[i]!, tagId: id }))));
    await insertMany(tx, editions, skuDrafts.map((d, i) => ({ skuId: skuIds[i]!, details: d.details })), 200);
    await insertMany(tx, editionRegions, skuDrafts.flatMap((d, i) => regionRowsOf(d.row, skuIds[i]!, now)));
    await insertMany(tx, bundleItems, skuDrafts.flatMap((d, i) => (d.items ?? []).map((item, position) => ({ bundleSkuId: skuIds[i]!, skuId: skuIds[item]!, position }))));
    await insertMany(tx, productRelations, relationsOf(rng, games, productIds));

    await seedHomeLayouts(tx, now, rng);
    return { games: games.length, peripherals: peripheralCount, products: productIds.length, skus: skuIds.length };
  });
}

/** The peripheral shop's 40 products: on the mainland site all, on the international site most. */
function addPeripherals(rng: Prng, now: Date, productDrafts: ProductDraft[], skuDrafts: SkuDraft[], categoryId: Map<string, number>): number {
  const plans = planPeripherals(rng);
  for (const plan of plans) {
    const productIndex = productDrafts.push({ row: { cate: 'physical', kind: 'peripheral', name: plan.name, developer: plan.brand, publisher: plan.brand } }) - 1;
    const releasedAt = new Date(now.getTime() - plan.daysAgo * DAY);
    for (const area of ['native', 'abroad'] as const) {
      const list = area === 'native' ? plan.cny : plan.usd;
      if (list === null) continue;
      skuDrafts.push({
        productIndex,
        row: skuDraft({ key: plan.key, name: plan.name, edition: null, editionPosition: 0 }, area, {
          status: 'sale', region: null, list, sale: discounted(list, plan.discount, area), keyType: null, releasedAt, score: plan.score,
          wishes: plan.wishes, rank: plan.rank, categoryId: categoryId.get(`peripheral:${plan.category}`) ?? null, pointsPay: false,
        }),
        tagSlugs: plan.periTags.map((slug) => `peri:${slug}`),
        details: peripheralDetails(rng, { name: plan.name, key: plan.key, pitch: plan.pitch, specs: plan.specs, brand: plan.brand, year: releasedAt.getUTCFullYear() }, area === 'native' ? 'chs' : 'en'),
      });
    }
  }
  return plans.length;
}

/** Per-region prices of a SKU's edition: mainland SKUs list cn and hk (unless locked to one), abroad global. */
function regionRowsOf(row: Omit<SkuInsert, 'productId'>, skuId: number, now: Date) {
  const regions = row.area === 'abroad' ? ['global'] : row.region ? [row.region] : ['cn', 'hk'];
  return regions.map((region) => {
    const bump = region === 'hk' && !row.region ? 1.05 : 1;
    const list = Math.round((row.listPrice * bump) / 100) * 100;
    const sale = row.salePrice == null ? null : Math.min(list, Math.round((row.salePrice * bump) / 100) * 100);
    return { skuId, region, listPrice: list, salePrice: sale, releasedAt: row.releasedAt ?? null, syncAt: now };
  });
}

/** DLC for some games, soundtracks and artbooks, and bundles (complete packs and studio collections). */
function planExtras(
  rng: Prng,
  now: Date,
  games: GamePlan[],
  gameSkus: Array<Partial<Record<Area, number[]>>>,
  productDrafts: ProductDraft[],
  skuDrafts: SkuDraft[],
  categoryId: Map<string, number>,
) {
  const released = games.map((g, i) => ({ g, i })).filter(({ g }) => g.status === 'sale' && g.tier >= 0);
  const withDlc = rng.sample(released, 18);
  for (const { g, i } of withDlc) {
    const names = rng.sample(DLC_NAMES, rng.int(1, 3));
    for (const [n, [en, chs]] of names.entries()) {
      const name = { en: `${g.name.en} – ${en}`, chs: `${g.name.chs} - ${chs}` };
      const key = `${g.key}-dlc-${slugOf(en)}`;
      const productIndex = productDrafts.push({ row: { cate: 'game', kind: 'dlc', name, developer: g.developer, publisher: g.publisher }, baseIndex: i }) - 1;
      const releasedAt = new Date(Math.min(now.getTime() - DAY, g.releasedAt.getTime() + rng.int(30, 400) * DAY));
      const tier = rng.weighted([[0, 5], [1, 4], [2, 2]] as const);
      for (const area of g.areas) {
        const list = Math.round(tierPrice(tier, area) * (en.includes('Soundtrack') || en.includes('Artbook') || en.includes('Pack') ? 0.5 : 1) / 100) * 100 - (area === 'abroad' ? 1 : 0);
        skuDrafts.push({
          productIndex,
          row: skuDraft({ key, name, edition: null, editionPosition: 0 }, area, {
            status: 'sale', region: area === 'native' ? g.nativeRegion : null, list, sale: discounted(list, g.discount, area), keyType: g.keyType, releasedAt,
            score: Math.max(50, g.score - rng.int(0, 12)), wishes: Math.round(g.wishes * 0.08), rank: g.rank - 120 - n * 10,
            categoryId: categoryId.get('game:dlc') ?? null, pointsPay: false,
          }),
          tagSlugs: [g.genres[0]!, ...g.themes],
          details: gameDetails(rng, {
            name, key, genre: g.genres[0]!, theme: g.themes[0]!, features: ['single_player'], developer: g.developer, publisher: g.publisher,
            year: releasedAt.getUTCFullYear(), keyType: g.keyType, tier: g.sysTier, kind: 'dlc', baseName: g.name,
          }, area === 'native' ? 'chs' : 'en'),
        });
      }
    }
  }

  // Soundtracks and artbooks: virtual goods of six well-loved games.
  for (const { g } of rng.sample(released, 6)) {
    const name = { en: `${g.name.en} Original Soundtrack & Artbook`, chs: `${g.name.chs} 原声音乐与艺术集` };
    const key = `${g.key}-ost`;
    const productIndex = productDrafts.push({ row: { cate: 'virtual', kind: 'virtual', name, developer: g.developer, publisher: g.publisher } }) - 1;
    for (const area of g.areas) {
      skuDrafts.push({
        productIndex,
        row: skuDraft({ key, name, edition: null, editionPosition: 0 }, area, {
          status: 'sale', region: null, list: tierPrice(0, area), sale: null, keyType: 'other', releasedAt: g.releasedAt, score: g.score,
          wishes: Math.round(g.wishes * 0.03), rank: Math.round(g.rank * 0.5), categoryId: categoryId.get('game:soundtracks-art') ?? null, pointsPay: true,
        }),
        tagSlugs: [...g.themes],
        details: gameDetails(rng, {
          name, key, genre: 'rhythm', theme: g.themes[0]!, features: [], developer: g.developer, publisher: g.publisher,
          year: g.releasedAt.getUTCFullYear(), keyType: 'other', tier: 0, kind: 'virtual',
        }, area === 'native' ? 'chs' : 'en'),
      });
    }
  }

  planBundles(rng, now, games, gameSkus, productDrafts, skuDrafts, categoryId);
}

/** Complete packs (a game with its DLC) and studio collections (a developer's games), per area. */
function planBundles(
  rng: Prng,
  now: Date,
  games: GamePlan[],
  gameSkus: Array<Partial<Record<Area, number[]>>>,
  productDrafts: ProductDraft[],
  skuDrafts: SkuDraft[],
  categoryId: Map<string, number>,
) {
  const dlcSkusOf = (gameIndex: number, area: Area) =>
    skuDrafts
      .map((d, i) => ({ d, i }))
      .filter(({ d }) => d.row.area === area && productDrafts[d.productIndex]!.baseIndex === gameIndex)
      .map(({ i }) => i);
  const bundles: Array<{ name: LocalizedName; key: string; members: number[]; developer: string; publisher: string }> = [];
  const candidates = games.map((g, i) => ({ g, i })).filter(({ g, i }) => g.status === 'sale' && g.tier >= 0 && dlcSkusOf(i, g.areas[0]!).length >= 2);
  for (const { g, i } of candidates.slice(0, 4)) {
    bundles.push({ name: { en: `${g.name.en} Complete Pack`, chs: `${g.name.chs} 完整版合集` }, key: `${g.key}-complete`, members: [i], developer: g.developer, publisher: g.publisher });
  }
  const byStudio = new Map<string, number[]>();
  for (const [i, g] of games.entries()) if (g.status === 'sale' && g.tier >= 0) byStudio.set(g.developer, [...(byStudio.get(g.developer) ?? []), i]);
  const studios = [...byStudio].filter(([, list]) => list.length >= 3).slice(0, 4);
  for (const [studio, list] of studios) {
    bundles.push({ name: { en: `${studio} Collection`, chs: `${studio} 工作室合集` }, key: `${slugOf(studio)}-collection`, members: rng.sample(list, Math.min(4, list.length)), developer: studio, publisher: games[list[0]!]!.publisher });
  }
  for (const bundle of bundles) {
    const productIndex = productDrafts.push({ row: { cate: 'game', kind: 'bundle', name: bundle.name, developer: bundle.developer, publisher: bundle.publisher } }) - 1;
    for (const area of ['native', 'abroad'] as const) {
      const items = bundle.members.flatMap((gi) => {
        const own = gameSkus[gi]![area];
        if (!own || games[gi]!.nativeRegion) return [];
        return [own[0]!, ...(bundle.key.endsWith('-complete') ? dlcSkusOf(gi, area) : [])];
      });
      if (items.length < 2) continue;
      const sum = items.reduce((total, item) => total + (skuDrafts[item]!.row.salePrice ?? skuDrafts[item]!.row.listPrice), 0);
      const list = area === 'abroad' ? Math.max(99, Math.round((sum * 0.9) / 100) * 100 - 1) : Math.round((sum * 0.9) / 100) * 100;
      const first = skuDrafts[items[0]!]!.row;
      skuDrafts.push({
        productIndex,
        items,
        row: skuDraft({ key: bundle.key, name: bundle.name, edition: null, editionPosition: 0 }, area, {
          status: 'sale', region: null, list, sale: discounted(list, 25, area), keyType: first.keyType ?? 'steam', releasedAt: first.releasedAt ?? now, score: first.score ?? 80,
          wishes: Math.round((first.wishesCount ?? 0) * 0.1), rank: (first.rank ?? 0) - 60, categoryId: categoryId.get('game:bundles') ?? null, pointsPay: false,
        }),
        tagSlugs: [...new Set(items.flatMap((item) => skuDrafts[item]!.tagSlugs))].slice(0, 6),
        details: gameDetails(rng, {
          name: bundle.name, key: bundle.key, genre: 'adventure', theme: 'indie', features: [], developer: bundle.developer, publisher: bundle.publisher,
          year: now.getUTCFullYear(), keyType: first.keyType ?? 'steam', tier: 1, kind: 'bundle',
          editionExtra: [`Includes ${items.length} items at 10% off their combined price, with a further launch discount.`, `包含 ${items.length} 件商品，较单独购买立省 10%，另享限时折扣。`],
        }, area === 'native' ? 'chs' : 'en'),
      });
    }
  }
}

/** Related games (same primary genre) and the developer's other games, for product pages. */
function relationsOf(rng: Prng, games: GamePlan[], productIds: number[]) {
  const rows: Array<typeof productRelations.$inferInsert> = [];
  for (const [i, game] of games.entries()) {
    const sameGenre = games.map((g, j) => ({ g, j })).filter(({ g, j }) => j !== i && g.genres[0] === game.genres[0]);
    for (const [position, { j }] of rng.sample(sameGenre, 4).entries()) rows.push({ productId: productIds[i]!, relatedProductId: productIds[j]!, kind: 'related', position });
    if (game.sequelOf !== null) rows.push({ productId: productIds[i]!, relatedProductId: productIds[game.sequelOf]!, kind: 'related', position: 9 });
    const siblings = games.map((g, j) => ({ g, j })).filter(({ g, j }) => j !== i && g.developer === game.developer).slice(0, 4);
    for (const [position, { j }] of siblings.entries()) rows.push({ productId: productIds[i]!, relatedProductId: productIds[j]!, kind: 'developer', position });
  }
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = `${r.productId}:${r.relatedProductId}:${r.kind}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

