import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { effectiveSalePrice, type Area } from '@lantern/domain';
import type { Deps } from '../platform/deps.ts';
import { products, skus, type LocalizedName } from '../modules/catalog/tables.ts';
import { seckillEvents, seckillItems } from '../modules/promotions/tables.ts';
import { importKeys, setKeysAside } from '../modules/keys/index.ts';
import { holdOf } from '../modules/promotions/keys-set-aside.ts';

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

/** Demo keys for a flash sale's units (Steam-shaped, distinct per SKU). */
const saleCodes = (skuId: number, n: number) => Array.from({ length: n }, (_, i) => `FLSH${skuId}-${String(i + 1).padStart(5, '0')}-DEMO`);

/**
 * Demo flash sales on each site (after the catalogue and the key pools): one running now, one opening five
 * minutes after the seed, one ended yesterday, each selling one of the site's top games at a fraction of its
 * price, one unit per account. Every unit of a sale still to sell has its key imported and set aside for it, as
 * staff putting an item on sale would (docs/product/deals.md#flash-sale-keys); the ended sale's are back in
 * the pool. Answers how many events were written.
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
      const ended = demo.toMs < 0;
      const [item] = await deps.db.insert(seckillItems).values({
        eventId: event!.id, skuId: game.id, price, stock: demo.stock, left: demo.stock - demo.sold, buyLimit: 1, keysReturnedAt: ended ? now : null,
      }).returning({ id: seckillItems.id });
      if (!ended) {
        await importKeys(deps, { skuId: game.id, codes: saleCodes(game.id, demo.stock), source: 'api', importedBy: null, note: 'demo flash sale' });
        const setAside = await deps.db.transaction((tx) => setKeysAside(tx, game.id, holdOf(item!.id), demo.stock));
        if (setAside < demo.stock) throw new Error(`demo flash sale ${item!.id}: ${setAside} keys set aside for ${demo.stock} units`);
      }
      written += 1;
    }
  }
  return written;
}
