import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { effectiveSalePrice, type Area } from '@lantern/domain';
import type { Deps } from '../platform/deps.ts';
import { products, skus, type LocalizedName } from '../modules/catalog/tables.ts';
import { seckillEvents, seckillItems } from '../modules/promotions/tables.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface DemoSeckill {
  title: LocalizedName;
  /** Opens this long from now (negative: already open). */
  fromMs: number;
  toMs: number;
  stock: number;
  /** Units already sold (the ended sale shows some left over). */
  sold: number;
  /** Share of the catalogue's price the flash price is, in percent. */
  pricePercent: number;
}

const DEMO_SECKILLS: readonly DemoSeckill[] = [
  { title: { chs: '限时秒杀 · 正在进行', en: 'Flash sale · on now' }, fromMs: -HOUR, toMs: 23 * HOUR, stock: 100, sold: 0, pricePercent: 40 },
  { title: { chs: '限时秒杀 · 即将开始', en: 'Flash sale · starting soon' }, fromMs: 5 * MINUTE, toMs: 2 * HOUR, stock: 50, sold: 0, pricePercent: 30 },
  { title: { chs: '限时秒杀 · 已结束', en: 'Flash sale · ended' }, fromMs: -48 * HOUR, toMs: -24 * HOUR, stock: 100, sold: 63, pricePercent: 50 },
];

/** The site's best-ranked base games on sale everywhere on it, one SKU per product. */
async function topGames(deps: Deps, area: Area, n: number) {
  const rows = await deps.db
    .select({ id: skus.id, productId: skus.productId, listPrice: skus.listPrice, salePrice: skus.salePrice })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(and(eq(skus.area, area), eq(skus.status, 'sale'), isNull(skus.region), eq(products.kind, 'game')))
    .orderBy(desc(skus.rank), asc(skus.id))
    .limit(n * 3);
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.productId) && seen.add(r.productId)).slice(0, n);
}

/**
 * Demo flash sales on each site (after the catalogue): one running now, one opening five minutes after the
 * seed, one ended yesterday, each selling one of the site's top games at a fraction of its price, one unit
 * per account. Answers how many events were written.
 */
export async function seedPromotions(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  let written = 0;
  for (const area of ['native', 'abroad'] as const) {
    const games = await topGames(deps, area, DEMO_SECKILLS.length);
    for (const [i, demo] of DEMO_SECKILLS.entries()) {
      const game = games[i];
      if (!game) continue;
      const [event] = await deps.db.insert(seckillEvents).values({
        area, title: demo.title, position: i, fromAt: new Date(now.getTime() + demo.fromMs), toAt: new Date(now.getTime() + demo.toMs), createdAt: now, updatedAt: now,
      }).returning({ id: seckillEvents.id });
      const price = Math.floor((effectiveSalePrice({ sale_price: game.salePrice, list_price: game.listPrice }) * demo.pricePercent) / 100);
      await deps.db.insert(seckillItems).values({ eventId: event!.id, skuId: game.id, price, stock: demo.stock, left: demo.stock - demo.sold, buyLimit: 1 });
      written += 1;
    }
  }
  return written;
}
