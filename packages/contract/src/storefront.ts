import { z } from 'zod';
import { timestamp } from './common.ts';
import { localized, skuSummary, tagRef } from './catalog.ts';
import { seckillEvent, seckillItem } from './promotions.ts';
import { headlineSummary } from './headlines.ts';

/**
 * A SKU as a card on a merchandising block shows it (poster, capsule, compact row, banner price): cover,
 * names, price with discount, what it is delivered as, whether it is out yet. Store blocks carry this rather
 * than the full `skuSummary` (its tags, category, points, counters…), which no card shows: it keeps the store
 * home small on the wire, for phones and for the server alike. The game page has the rest.
 */
export const skuCard = skuSummary.pick({
  id: true,
  status: true,
  cate: true,
  kind: true,
  sku_names: true,
  edition: true,
  sku_covers: true,
  currency: true,
  list_price: true,
  sale_price: true,
  discount: true,
  key_type: true,
  released_at_timestamp: true,
});
export type SkuCardData = z.infer<typeof skuCard>;

/**
 * A flash sale as the store home shows it (docs/product/deals.md#flash-sales-on-the-web): the event with its
 * items' SKUs as cards. The home is cached and shared, so its `status` and `left` may be seconds old: the web
 * works the status out from its own server-time offset and reads stock live from GET /sec_kill.
 */
export const homeSeckill = seckillEvent.extend({ items: z.array(seckillItem.extend({ sku: skuCard.nullable() })) });
export type HomeSeckill = z.infer<typeof homeSeckill>;

/** One merchandising item (docs/product/catalogue.md#layout-content). */
export const layoutContent = z.object({
  id: z.number().int(),
  kind: z.enum(['banner', 'springboard', 'booth', 'box', 'cube', 'ellipse', 'tagged', 'pack']),
  cube_kind: z.string().nullable(),
  theme: z.string(),
  title: localized,
  subtitle: localized.nullable(),
  link: z.string().nullable(),
  image: z.string().nullable(),
  started_at_timestamp: timestamp,
  ended_at_timestamp: timestamp.nullable(),
  /** What it shows, by custom weight (highest first). */
  cube_relations: z.array(z.object({ target_type: z.enum(['sku', 'tag', 'product']), target_id: z.number().int(), custom_weight: z.number().int() })),
  /** What it shows, as cards (`skuCard`). */
  skus: z.array(skuCard),
  tags: z.array(tagRef),
});
export type LayoutContent = z.infer<typeof layoutContent>;

/** GET /api/v7/home: every block of the store home (docs/product/catalogue.md#store-home). Blocks whose features do not exist yet are empty lists. */
export const homeResponse = z.object({
  banners: z.array(layoutContent),
  springboard: layoutContent.nullable(),
  tagged: z.array(layoutContent),
  booths: z.array(layoutContent),
  boxes: z.array(layoutContent),
  cubes: z.array(layoutContent),
  ellipses: z.array(layoutContent),
  /** The site's current and upcoming flash sales, in index order (provided by the promotions module). */
  seckills: z.array(homeSeckill),
  /** Coupon areas and point-redeem draws: filled by the modules that own them. */
  coupon_areas: z.array(z.unknown()),
  point_redeems: z.array(z.unknown()),
  /** The site's newest headlines, at most 3 (Mall_Index_Headline; provided by the headlines module). */
  headlines: z.array(headlineSummary),
  /** Layout pack ids the client loads in batches (docs/product/catalogue.md#layout-packs: at most 30 ids a batch, merged every 1 s). */
  pack_ids: z.array(z.number().int()),
});
export type HomeResponse = z.infer<typeof homeResponse>;

/** GET /api/springboard: the spring board while it shows (until its ended_at_timestamp), else null. */
export const springboardResponse = z.object({ springboard: layoutContent.nullable() });

export const layoutListResponse = z.object({ layouts: z.array(z.object({ id: z.number().int(), slug: z.string(), title: localized, status: z.string(), packs: z.array(layoutContent) })) });
export const packsResponse = z.object({ packs: z.array(layoutContent) });
export const contentListResponse = z.object({ contents: z.array(layoutContent) });
export const serverSwitchResponse = z.object({ area: z.string(), switches: z.record(z.string(), z.boolean()) });
