import { z } from 'zod';
import { area, currency, timestamp } from './common.ts';
import { localized, skuCovers, skuSummary } from './catalog.ts';
import { seckillStatusSchema } from './promotions.ts';

/**
 * Bundle promotions and exploring queues (docs/product/deals.md#bundle-promotions,
 * docs/product/deals.md#exploring-queues). Times are server seconds; prices minor units of the site's currency.
 */
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const int4 = z.number().int().min(0).max(2_147_483_647);
const title = z.object({ chs: z.string().trim().min(1).max(100), en: z.string().trim().min(1).max(100) });
const when = timestamp.min(0).max(32_503_680_000);

/** A game of a bundle's pool: the SKU's id, its product, the product's kind and parent, the SKU's status. */
export const bundlePoolGame = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_type: z.string(),
  product_parent_id: z.number().int().nullable(),
  status: z.string(),
  /** The SKU as lists show it; null when it is no longer listed. */
  sku: skuSummary.nullable(),
});

export const bundleActivity = z.object({
  id: z.number().int(),
  area,
  title: localized,
  covers: skuCovers,
  from_timestamp: timestamp,
  to_timestamp: timestamp,
  status: seckillStatusSchema,
  closed: z.boolean(),
  /** How many games one order picks from the pool. */
  pick_count: z.number().int(),
  /** What the picked games cost together. */
  price: z.number().int(),
  currency,
  game_pool: z.object({ games: z.array(bundlePoolGame) }),
});
export type BundleActivity = z.infer<typeof bundleActivity>;
export type BundlePoolGameView = z.infer<typeof bundlePoolGame>;

/** GET /api/v7/bundle_promo_activities: the site's live activities. */
export const bundleActivitiesResponse = z.object({ activities: z.array(bundleActivity) });

/** POST /api/v7/bundle_promo_activities/{id}/order: exactly `pick_count` distinct games of the pool. */
export const bundleOrderRequest = z.object({ game_ids: z.array(id).min(1).max(50) });
export const bundleOrderResponse = z.object({ id: z.number().int() });

/**
 * GET /api/v7/bundle_promo_activities/{id}/holdings (signed in): the pool's games the viewer owns, and those
 * an unpaid order of theirs holds; the pick page shows both unselectable with the reason.
 */
export const bundleHoldingsResponse = z.object({ owned_game_ids: z.array(z.number().int()), locked_game_ids: z.array(z.number().int()) });
export type BundleHoldings = z.infer<typeof bundleHoldingsResponse>;

/** POST /api/admin/bundle_promo_activities (admins). */
export const createBundleRequest = z.object({
  bundle: z.object({
    area,
    title,
    cover_seed: z.string().trim().min(1).max(200).optional(),
    from_timestamp: when,
    to_timestamp: when,
    pick_count: z.number().int().min(1).max(20),
    price: int4,
    sku_ids: z.array(id).min(1).max(50),
  }),
});

/** PATCH /api/admin/bundle_promo_activities/{id} (admins): what is given; `closed: true` ends it now. */
export const updateBundleRequest = z.object({
  bundle: z.object({
    title: title.optional(),
    from_timestamp: when.optional(),
    to_timestamp: when.optional(),
    pick_count: z.number().int().min(1).max(20).optional(),
    price: int4.optional(),
    closed: z.boolean().optional(),
    sku_ids: z.array(id).min(1).max(50).optional(),
  }),
});

/** An exploring queue's reward: points, or a coupon. */
export const queueReward = z.object({
  kind: z.enum(['points', 'coupon']),
  points: z.number().int().nullable(),
  coupon: z.object({ id: z.number().int(), title: localized }).nullable(),
});

export const queueItem = z.object({
  id: z.number().int(),
  queue_id: z.number().int(),
  position: z.number().int(),
  sku_id: z.number().int(),
  sku: skuSummary.nullable(),
});
export type QueueItemView = z.infer<typeof queueItem>;

/** The viewer's run of a queue: null before it is started (and for visitors). */
export const queueProgress = z.object({
  started_timestamp: timestamp,
  viewed_item_ids: z.array(z.number().int()),
  completed: z.boolean(),
  completed_timestamp: timestamp.nullable(),
});

export const exploringQueue = z.object({
  id: z.number().int(),
  area,
  title: localized,
  from_timestamp: timestamp,
  to_timestamp: timestamp,
  status: seckillStatusSchema,
  closed: z.boolean(),
  reward: queueReward,
  items: z.array(queueItem),
  progress: queueProgress.nullable(),
});
export type ExploringQueue = z.infer<typeof exploringQueue>;

/** GET /api/promotion/queues?sku_id=: the site's live queues, only those holding the SKU when one is named. */
export const queuesQuery = z.object({ sku_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() });
export const queuesResponse = z.object({ queues: z.array(exploringQueue) });

/** GET /api/promotion/queue_skus/{id}: one item with its SKU and its neighbours in the queue. */
export const queueSkuResponse = queueItem.extend({ previous_item_id: z.number().int().nullable(), next_item_id: z.number().int().nullable() });

/**
 * PATCH /api/promotion/queues/{id}: records the items viewed; `complete: true` finishes the run and gives the
 * reward once (422 `not_completed` while items are unseen, `completed` when the reward was already given).
 */
export const queueUpdateRequest = z.object({
  queue: z.object({ viewed_item_ids: z.array(id).max(100).optional(), complete: z.boolean().optional() }),
});

/** POST /api/admin/exploring_queues (admins). A reward of points or of a coupon of the same site. */
export const createQueueRequest = z.object({
  queue: z.object({
    area,
    title,
    from_timestamp: when,
    to_timestamp: when,
    sku_ids: z.array(id).min(1).max(30),
    reward_points: z.number().int().min(1).max(1_000_000).optional(),
    reward_coupon_id: id.optional(),
  }),
});

/** PATCH /api/admin/exploring_queues/{id} (admins). */
export const updateQueueRequest = z.object({
  queue: z.object({
    title: title.optional(),
    from_timestamp: when.optional(),
    to_timestamp: when.optional(),
    closed: z.boolean().optional(),
  }),
});

/** GET /api/v1/preview/editions/{sku id}?app_id=: the product's editions as the queue page previews them. */
export const editionPreviewQuery = z.object({ app_id: z.string().max(64).optional() });
export const editionPreviewResponse = z.object({
  sku_id: z.number().int(),
  product_id: z.number().int(),
  editions: z.array(z.object({
    sku_id: z.number().int(),
    edition: localized,
    sku_names: localized,
    currency,
    list_price: z.number().int(),
    sale_price: z.number().int(),
    /** What the edition holds, per language: its store text's one-line summary. */
    includes: localized,
  })),
});
export type EditionPreview = z.infer<typeof editionPreviewResponse>;

export { BUNDLES_API, QUEUES_API } from './paths/bundles.ts';
