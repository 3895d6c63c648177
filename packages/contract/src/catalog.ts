import { z } from 'zod';
import { area, currency, listMeta, timestamp } from './common.ts';

/** A name in both languages (`chs` and `en`). */
export const localized = z.object({ chs: z.string(), en: z.string() });
export type Localized = z.infer<typeof localized>;

export const skuStatus = z.enum(['sale', 'pre_sale', 'off', 'unpublished']);
export const productCate = z.enum(['game', 'virtual', 'physical']);
export type ProductCate = z.infer<typeof productCate>;
export const productKind = z.enum(['game', 'dlc', 'bundle', 'virtual', 'peripheral']);
export const keyType = z.enum(['steam', 'uplay', 'epic', 'origin', 'gog', 'other']);

export const tagRef = z.object({ id: z.number().int(), name: localized, kind: z.string() });
export type TagRef = z.infer<typeof tagRef>;
export const categoryRef = z.object({ id: z.number().int(), name: localized, slug: z.string(), shop: z.enum(['game', 'peripheral']) });
export type CategoryRef = z.infer<typeof categoryRef>;

/** Cover art URLs; covers are drawn by the server from a seed (GET /media/covers/{seed}.svg). */
export const skuCovers = z.object({ vertical: z.string(), horizontal: z.string() });
export type SkuCovers = z.infer<typeof skuCovers>;

/** A SKU as lists show it (docs/product/catalogue.md#products-skus-and-editions). Prices are integer minor units of `currency`. */
export const skuSummary = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  area,
  region: z.string().nullable(),
  status: skuStatus,
  cate: productCate,
  kind: productKind,
  sku_names: localized,
  sku_ename: z.string(),
  edition: localized,
  sku_covers: skuCovers,
  currency,
  list_price: z.number().int(),
  /** Falls back to list_price when there is no sale price (docs/product/catalogue.md#sale-price). */
  sale_price: z.number().int(),
  discount: z.number().int(),
  list_points: z.number().int().nullable(),
  sale_points: z.number().int().nullable(),
  can_points_pay: z.boolean(),
  support_cash_pay: z.boolean(),
  key_type: keyType.nullable(),
  released_at_timestamp: timestamp.nullable(),
  score: z.number().int(),
  wishes_count: z.number().int(),
  rank: z.number().int(),
  tags: z.array(tagRef),
  category: categoryRef.nullable(),
});
export type SkuSummary = z.infer<typeof skuSummary>;

export const editionDetail = z.object({
  title: z.string(),
  headline: z.string(),
  activation: z.string(),
  description: z.string(),
  summary: z.string(),
  videos: z.array(z.string()),
  media: z.array(z.object({ kind: z.enum(['image', 'video']), url: z.string(), caption: z.string() })),
  system_requirements: z.object({ minimum: z.record(z.string(), z.string()), recommended: z.record(z.string(), z.string()) }),
  background: z.string(),
  noumenon_version: z.string(),
  copyright: z.string(),
});
export type EditionDetail = z.infer<typeof editionDetail>;

export const edition = z.object({
  sku_id: z.number().int(),
  edition_details: z.object({ chs: editionDetail, en: editionDetail, default: editionDetail }),
  edition_profile: z.object({ details: z.object({ chs: editionDetail, en: editionDetail, default: editionDetail }) }),
  edition_region: z.array(
    z.object({
      region: z.string(),
      list_price: z.number().int(),
      sale_price: z.number().int(),
      released_at_timestamp: timestamp.nullable(),
      sync_at_timestamp: timestamp,
    }),
  ),
});
export type Edition = z.infer<typeof edition>;

/** GET /api/skus/{id}: one SKU with its edition, the product's other editions, DLC, bundles and base game. */
export const skuDetail = skuSummary.extend({
  developer: z.string(),
  publisher: z.string(),
  edition_profile: edition,
  /** Other editions of the same product on this area (the editions switcher), this one included. */
  editions: z.array(skuSummary),
  /** DLC of this game on this area. */
  dlcs: z.array(skuSummary),
  /** For a DLC: the base game it needs. */
  base_sku: skuSummary.nullable(),
  /** Bundles that hold this SKU. */
  bundles: z.array(skuSummary.extend({ items: z.array(skuSummary) })),
  /** For a bundle: what it holds. */
  bundle_items: z.array(skuSummary),
  /** Whether the signed-in viewer wishes for it; false for guests. */
  is_wished: z.boolean(),
});
export type SkuDetail = z.infer<typeof skuDetail>;

/** GET /api/products/{id}: the product with its SKUs left after the region rule (docs/product/catalogue.md#sku-region). */
export const productDetail = z.object({
  id: z.number().int(),
  cate: productCate,
  kind: productKind,
  name: localized,
  developer: z.string(),
  publisher: z.string(),
  skus: z.array(skuSummary),
  relation: z.array(z.object({ id: z.number().int(), name: localized, skus: z.array(skuSummary) })),
  developer_skus: z.array(skuSummary),
  relation_products_skus: z.array(skuSummary),
});
export type ProductDetail = z.infer<typeof productDetail>;

export const skuListResponse = z.object({ skus: z.array(skuSummary), meta: listMeta });
export type SkuListResponse = z.infer<typeof skuListResponse>;

/** GET /api/search/skus (docs/product/catalogue.md#search; store search per 10, pickers per 30). */
export const skuSearchQuery = z.object({
  keyword: z.string().max(100).optional(),
  /** One of rank, discount, released_at, score, wishes_count, sale_price; anything else means rank. */
  order: z.string().max(32).optional(),
  direction: z.string().max(8).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  per: z.coerce.number().int().min(1).max(100).default(10),
  /** A guest's region (e.g. hk) for the SKU region rule (docs/product/catalogue.md#sku-region); a signed-in account's own region wins. */
  region: z.string().max(16).optional(),
  q: z
    .object({
      /** Rails-style sort, e.g. "sale_price asc"; `order`/`direction` win when both are given. */
      s: z.string().max(40).optional(),
      tags_id_in: z.array(z.coerce.number().int()).max(20).optional(),
      category_id_eq: z.coerce.number().int().optional(),
      cate_eq: productCate.optional(),
      kind_in: z.array(productKind).max(5).optional(),
      key_type_in: z.array(keyType).max(6).optional(),
      sale_price_gteq: z.coerce.number().int().min(0).optional(),
      sale_price_lteq: z.coerce.number().int().min(0).optional(),
      id_in: z.array(z.coerce.number().int()).max(100).optional(),
    })
    .optional(),
});
export type SkuSearchQuery = z.infer<typeof skuSearchQuery>;

export const autocompleteResponse = z.object({
  suggestions: z.array(z.object({ id: z.number().int(), name: localized, sku_ename: z.string(), cover: z.string(), sale_price: z.number().int(), currency })),
});

/** A coupon as a gift pack lists it: what it takes off, from what order total, until when. */
export const giftPackCoupon = z.object({
  id: z.number().int(),
  title: localized,
  discount_type: z.enum(['amount', 'percentage']),
  value: z.number().int(),
  minimum_order: z.number().int(),
  valid_until_timestamp: timestamp.nullable(),
});

/**
 * A gift pack event (docs/product/deals.md#gift-packs): its coupons, claimed together once per account.
 * `sku_ids` are the games whose page shows it (empty: none); `claimed` is the viewer's (false signed out).
 */
export const giftPack = z.object({
  id: z.number().int(),
  area,
  title: localized,
  weight: z.number().int(),
  created_at_timestamp: timestamp,
  from_timestamp: timestamp,
  to_timestamp: timestamp.nullable(),
  status: z.enum(['current', 'not_start', 'end']),
  coupons: z.array(giftPackCoupon),
  sku_ids: z.array(z.number().int()),
  claimed: z.boolean(),
});
export type GiftPack = z.infer<typeof giftPack>;

/** GET /api/skus/{id}/service: what is offered with a SKU to a signed-in user (gift packs, cross-sale). */
export const skuService = z.object({
  cross_sale: z.array(skuSummary),
  /** The live gift packs tied to this SKU, in gift-pack order, with the viewer's claimed state. */
  gift_packs: z.array(giftPack),
});

export const wishlistResponse = z.object({ skus: z.array(skuSummary.extend({ wished_at_timestamp: timestamp })), meta: listMeta });
export const wishResponse = z.object({ sku_id: z.number().int(), is_wished: z.boolean(), wishes_count: z.number().int() });

export const tagsResponse = z.object({ tags: z.array(tagRef), timestamp });
export const categoriesResponse = z.object({ categories: z.array(categoryRef) });
