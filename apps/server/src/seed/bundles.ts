import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { effectiveSalePrice, type Area } from '@lantern/domain';
import type { Deps } from '../platform/deps.ts';
import { products, skus, skuTags, tags, type LocalizedName } from '../modules/catalog/tables.ts';
import { gameKeys } from '../modules/keys/tables.ts';
import { seckillItems } from '../modules/promotions/tables.ts';
import { bundleActivities, bundleGames } from '../modules/bundles/tables.ts';
import { exploringQueueItems, exploringQueues } from '../modules/queues/tables.ts';

const DAY = 86_400_000;

interface Candidate {
  id: number;
  productId: number;
  price: number;
  indie: boolean;
}

/**
 * Released base games of the site on sale everywhere on it, with keys in stock (a demo bundle delivers at
 * once), not already in a flash sale, cheapest first; `indie` marks those tagged Indie.
 */
async function candidates(deps: Deps, area: Area, now: Date): Promise<Candidate[]> {
  const [indieTag] = await deps.db.select({ id: tags.id }).from(tags).where(eq(tags.slug, 'indie')).limit(1);
  // Keys set aside for a flash sale are not the bundle's to deliver.
  const stocked = deps.db.select({ skuId: gameKeys.skuId }).from(gameKeys).where(and(eq(gameKeys.state, 'available'), isNull(gameKeys.setAsideFor)));
  const onSale = deps.db.select({ skuId: seckillItems.skuId }).from(seckillItems);
  const rows = await deps.db
    .select({ id: skus.id, productId: skus.productId, listPrice: skus.listPrice, salePrice: skus.salePrice, rank: skus.rank })
    .from(skus).innerJoin(products, eq(products.id, skus.productId))
    .where(and(eq(skus.area, area), eq(skus.status, 'sale'), isNull(skus.region), eq(products.kind, 'game'), lt(skus.releasedAt, now),
      inArray(skus.id, stocked), sql`${skus.id} NOT IN ${onSale}`))
    .orderBy(desc(skus.rank), asc(skus.id));
  const indie = indieTag === undefined ? new Set<number>()
    : new Set((await deps.db.select({ skuId: skuTags.skuId }).from(skuTags).where(eq(skuTags.tagId, indieTag.id))).map((r) => r.skuId));
  return rows.map((r) => ({ id: r.id, productId: r.productId, price: effectiveSalePrice({ sale_price: r.salePrice, list_price: r.listPrice }), indie: indie.has(r.id) }));
}

/** Up to `n` candidates of distinct products not yet taken and `allow`ed, preferring those `prefer` accepts. */
function pick(from: readonly Candidate[], n: number, taken: Set<number>, prefer: (c: Candidate) => boolean, allow: (c: Candidate) => boolean = () => true): Candidate[] {
  const free = from.filter((c) => !taken.has(c.productId) && allow(c));
  const ordered = [...free.filter(prefer), ...free.filter((c) => !prefer(c))];
  const out: Candidate[] = [];
  for (const c of ordered) {
    if (out.length === n) break;
    if (out.some((o) => o.productId === c.productId)) continue;
    out.push(c);
    taken.add(c.productId);
  }
  return out;
}

interface DemoBundle {
  title: Record<Area, LocalizedName>;
  pick: number;
  price: Record<Area, number>;
  pool: number;
  /** Preferred pool games (indies for the indie bundle). */
  prefer: (c: Candidate) => boolean;
}

const DEMO_BUNDLES: readonly DemoBundle[] = [
  {
    title: { native: { chs: '独立游戏任选 3 款 ¥99', en: 'Pick 3 indies for ¥99' }, abroad: { chs: '独立游戏任选 3 款 $19.99', en: 'Pick 3 indies for $19.99' } },
    pick: 3, price: { native: 9_900, abroad: 1_999 }, pool: 8, prefer: (c) => c.indie },
  {
    title: { native: { chs: '热门大作任选 2 款 ¥168', en: 'Any 2 hits for ¥168' }, abroad: { chs: '热门大作任选 2 款 $39.99', en: 'Any 2 hits for $39.99' } },
    pick: 2, price: { native: 16_800, abroad: 3_999 }, pool: 6, prefer: () => true },
];

/**
 * Demo bundle promotions and an exploring queue on each site (after the catalogue, keys and flash sales):
 * two bundles running for a month, each pool made of games with keys in stock, and a queue of nine of the
 * site's best-ranked games rewarding 100 points. Answers what was written.
 */
export async function seedBundlesAndQueues(deps: Deps): Promise<{ bundles: number; queues: number }> {
  const now = deps.clock.now();
  const fromAt = new Date(now.getTime() - DAY);
  const toAt = new Date(now.getTime() + 30 * DAY);
  let bundles = 0;
  let queues = 0;
  for (const area of ['native', 'abroad'] as const) {
    const all = await candidates(deps, area, now);
    const taken = new Set<number>();
    for (const demo of DEMO_BUNDLES) {
      // Every pool game costs at least a fifth more than its share of the bundle price: any pick saves money.
      const pool = pick(all, demo.pool, taken, demo.prefer, (c) => c.price * demo.pick >= demo.price[area] * 1.2);
      if (pool.length < demo.pick) continue;
      const [row] = await deps.db.insert(bundleActivities).values({
        area, title: demo.title[area], coverSeed: `bundle~${demo.title[area].en}`, fromAt, toAt, pickCount: demo.pick, price: demo.price[area], createdAt: now, updatedAt: now,
      }).returning({ id: bundleActivities.id });
      await deps.db.insert(bundleGames).values(pool.map((c, position) => ({ activityId: row!.id, skuId: c.id, position })));
      bundles += 1;
    }
    const queueGames = pick(all, 9, new Set(), () => true);
    if (queueGames.length === 0) continue;
    const [queue] = await deps.db.insert(exploringQueues).values({
      area, title: { chs: '探索队列 · 本周精选', en: 'Discovery queue · this week\'s picks' }, fromAt, toAt, rewardPoints: 100, createdAt: now, updatedAt: now,
    }).returning({ id: exploringQueues.id });
    await deps.db.insert(exploringQueueItems).values(queueGames.map((c, position) => ({ queueId: queue!.id, skuId: c.id, position })));
    queues += 1;
  }
  return { bundles, queues };
}
