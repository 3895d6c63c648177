import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Area } from '@lantern/domain';
import type { DbOrTx } from '../platform/db/client.ts';
import { products, skus, tags, type LocalizedName } from '../modules/catalog/tables.ts';
import { customLayouts, layoutContents, layoutRelations } from '../modules/storefront/tables.ts';
import type { Prng } from './prng.ts';
import { insertAll, insertMany } from './catalog-insert.ts';

const DAY = 86_400_000;

type ContentValues = typeof layoutContents.$inferInsert;
interface Block {
  values: Omit<ContentValues, 'area' | 'position'>;
  relations: Array<{ targetType: 'sku' | 'tag' | 'product'; targetId: number; customWeight: number }>;
}

const t = (en: string, chs: string): LocalizedName => ({ en, chs });
/** The art key of a cover seed (`key~Title` → `key`): banners reuse a game's art without its title. */
const artOf = (coverSeed: string) => coverSeed.split('~')[0]!;
const weighted = (ids: number[]) => ids.map((id, i) => ({ targetType: 'sku' as const, targetId: id, customWeight: (ids.length - i) * 10 }));

async function candidates(db: DbOrTx, area: Area) {
  return db
    .select({
      id: skus.id, rank: skus.rank, discount: skus.discount, status: skus.status, price: skus.effectivePrice, releasedAt: skus.releasedAt,
      wishes: skus.wishesCount, score: skus.score, coverSeed: skus.coverSeed, name: skus.skuName, kind: products.kind,
    })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(and(eq(skus.area, area), inArray(skus.status, ['sale', 'pre_sale']), isNull(skus.region), eq(skus.editionPosition, 0)))
    .orderBy(desc(skus.rank), skus.id)
    .limit(800);
}

/**
 * A full store home per site, from the catalogue in the database (the demo's or the benchmark's): banners
 * (one of them expired), a spring board ending in two weeks, tagged rows, booths, boxes, capped cube kinds
 * (5 Hot_Group and 4 Mall_Index_Headline, so the caps show), ellipses, a custom layout of packs with one
 * draft, and the peripheral shop's banners.
 */
export async function seedHomeLayouts(db: DbOrTx, now: Date, rng: Prng): Promise<void> {
  const tagRows = await db.select({ id: tags.id, slug: tags.slug, kind: tags.kind, name: tags.name }).from(tags);
  const tag = (slug: string) => tagRows.find((x) => x.slug === slug && x.kind !== 'peri');
  const at = (days: number) => new Date(now.getTime() + days * DAY);

  for (const area of ['native', 'abroad'] as const) {
    const rows = await candidates(db, area);
    const games = rows.filter((r) => r.kind === 'game');
    const sale = games.filter((r) => r.status === 'sale');
    const deals = sale.filter((r) => r.discount > 0);
    const fresh = sale.filter((r) => r.releasedAt && r.releasedAt <= now).sort((a, b) => b.releasedAt!.getTime() - a.releasedAt!.getTime());
    const soon = games.filter((r) => r.status === 'pre_sale');
    const free = sale.filter((r) => r.price === 0);
    const cheapLimit = area === 'native' ? 5000 : 1000;
    const cheap = sale.filter((r) => r.price > 0 && r.price <= cheapLimit);
    const hot = [...games].sort((a, b) => b.wishes - a.wishes);
    const acclaimed = [...sale].sort((a, b) => b.score - a.score);
    const peripherals = rows.filter((r) => r.kind === 'peripheral');
    const ids = (list: typeof rows, n: number) => list.slice(0, n).map((r) => r.id);

    const blocks: Block[] = [];
    const heroes = [...new Set([...deals.slice(0, 3), soon[0], fresh[0], games[0]].filter((r) => r !== undefined))].slice(0, 5);
    for (const hero of heroes) {
      const subtitle = hero.status === 'pre_sale'
        ? t('Pre-order now', '火热预购中')
        : hero.discount > 0
          ? t(`-${hero.discount}% · this week only`, `限时立减 ${hero.discount}%`)
          : t('Out now', '新作上市');
      blocks.push({ values: { kind: 'banner', title: hero.name, subtitle, link: `/sku/${hero.id}`, imageSeed: artOf(hero.coverSeed), theme: 'dark', startedAt: at(-3) }, relations: weighted([hero.id]) });
    }
    blocks.push({ values: { kind: 'banner', title: t('Winter Sale', '冬季特卖'), subtitle: t('Ended', '已结束'), link: '/search?order=discount', imageSeed: 'winter-sale', startedAt: at(-40), endedAt: at(-2) }, relations: [] });
    blocks.push({
      values: { kind: 'springboard', title: t('Spring Sale', '春季特卖'), subtitle: t('Up to 90% off on hundreds of games', '数百款游戏低至一折'), link: '/search?order=discount', imageSeed: 'spring-sale', theme: 'festival', startedAt: at(-1), endedAt: at(14) },
      relations: weighted(ids(deals, 8)),
    });
    for (const [slug, title] of [['open_world', t('Worlds to get lost in', '沉浸开放世界')], ['coop', t('Better together', '好友合作')], ['roguelike', t('One more run', '再来一局')], ['indie', t('Indie gems', '独立佳作')]] as const) {
      const found = tag(slug);
      if (found) blocks.push({ values: { kind: 'tagged', title, theme: 'row', link: `/search?tags=${found.id}`, startedAt: at(-10) }, relations: [{ targetType: 'tag', targetId: found.id, customWeight: 1 }] });
    }
    blocks.push({ values: { kind: 'booth', title: t("This week's deals", '本周特惠'), imageSeed: 'booth-deals', link: '/search?order=discount', startedAt: at(-2), endedAt: at(5) }, relations: weighted(ids(deals, 8)) });
    blocks.push({ values: { kind: 'booth', title: t('New releases', '新品上架'), imageSeed: 'booth-new', link: '/search?order=released_at', startedAt: at(-7) }, relations: weighted(ids(fresh, 8)) });
    blocks.push({ values: { kind: 'booth', title: t('Coming soon', '即将推出'), imageSeed: 'booth-soon', startedAt: at(-7) }, relations: weighted(ids(soon, 8)) });
    blocks.push({ values: { kind: 'box', title: t('Free to play', '免费畅玩'), imageSeed: 'box-free', link: '/search?q[sale_price_lteq]=0', startedAt: at(-30) }, relations: weighted(ids(free, 8)) });
    blocks.push({
      values: { kind: 'box', title: area === 'native' ? t('Under ¥50', '¥50 以下') : t('Under $10', '$10 以下'), imageSeed: 'box-cheap', link: `/search?q[sale_price_lteq]=${cheapLimit}`, startedAt: at(-30) },
      relations: weighted(ids(cheap, 8)),
    });
    for (const r of hot.slice(0, 5)) {
      blocks.push({ values: { kind: 'cube', cubeKind: 'Hot_Group', title: r.name, subtitle: t('Most wished', '人气之选'), imageSeed: artOf(r.coverSeed), link: `/sku/${r.id}`, startedAt: at(-5) }, relations: weighted([r.id]) });
    }
    for (const r of acclaimed.slice(0, 4)) {
      blocks.push({ values: { kind: 'cube', cubeKind: 'Mall_Index_Headline', title: r.name, subtitle: t("Editors' choice", '编辑推荐'), imageSeed: artOf(r.coverSeed), link: `/sku/${r.id}`, startedAt: at(-5) }, relations: weighted([r.id]) });
    }
    for (const r of rng.sample(games.slice(0, 40), 6)) {
      blocks.push({ values: { kind: 'cube', cubeKind: 'Mall_Index_Game', title: r.name, imageSeed: artOf(r.coverSeed), link: `/sku/${r.id}`, startedAt: at(-5) }, relations: weighted([r.id]) });
    }
    for (const slug of ['action', 'rpg', 'strategy', 'roguelike', 'horror', 'racing', 'puzzle', 'simulation']) {
      const found = tag(slug);
      if (found) blocks.push({ values: { kind: 'ellipse', title: found.name, imageSeed: `genre-${slug}`, link: `/search?tags=${found.id}`, startedAt: at(-60) }, relations: [{ targetType: 'tag', targetId: found.id, customWeight: 1 }] });
    }
    for (const r of peripherals.slice(0, 3)) {
      blocks.push({ values: { kind: 'banner', placement: 'peripheral', title: r.name, subtitle: t('New season gear', '新季装备'), imageSeed: artOf(r.coverSeed), link: `/sku/${r.id}`, startedAt: at(-3) }, relations: weighted([r.id]) });
    }

    // A custom layout of themed packs (one a draft, for the staff preview), and a draft layout for next season.
    const [layout, draftLayout] = await insertAll(db, customLayouts, [
      { area, slug: 'spring-festival', title: t('Spring Festival Picks', '新春精选'), status: 'published', updatedAt: now },
      { area, slug: 'summer-preview', title: t('Summer Preview', '夏日前瞻'), status: 'draft', updatedAt: now },
    ]);
    for (const [slug, title] of [['rpg', t('Great RPGs', '角色扮演佳作')], ['strategy', t('Think ahead', '运筹帷幄')], ['coop', t('Play with friends', '和朋友一起玩')], ['scifi', t('Among the stars', '星辰之间')]] as const) {
      const found = tag(slug);
      if (found) blocks.push({ values: { kind: 'pack', placement: 'layout', layoutId: layout!.id, title, theme: 'pack', startedAt: at(-1), endedAt: at(21) }, relations: [{ targetType: 'tag', targetId: found.id, customWeight: 1 }] });
    }
    blocks.push({ values: { kind: 'pack', placement: 'layout', layoutId: layout!.id, title: t("Next week's picks", '下周精选'), status: 'draft', startedAt: at(7) }, relations: weighted(ids(acclaimed.slice(4), 6)) });
    blocks.push({ values: { kind: 'pack', placement: 'layout', layoutId: draftLayout!.id, title: t('Summer heat', '夏日热浪'), status: 'draft', startedAt: at(60) }, relations: weighted(ids(hot.slice(5), 6)) });

    const contents = await insertAll(db, layoutContents, blocks.map((b, position) => ({ ...b.values, area, position })));
    await insertMany(db, layoutRelations, blocks.flatMap((b, i) => b.relations.map((r) => ({ ...r, contentId: contents[i]!.id }))));
  }
}
