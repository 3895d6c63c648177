import { z } from 'zod';
import { area, timestamp } from './common.ts';
import { localized, skuSummary } from './catalog.ts';

/** Flash sales (seckill), docs/product/deals.md#flash-sale-status. Times are server seconds; prices minor units. */
export const seckillStatusSchema = z.enum(['current', 'not_start', 'end']);

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const int4 = z.number().int().min(0).max(2_147_483_647);

export const seckillItem = z.object({
  id: z.number().int(),
  sku_id: z.number().int(),
  /** The flash price of one unit. */
  price: z.number().int(),
  stock: z.number().int(),
  left: z.number().int(),
  buy_limit: z.number().int(),
  /**
   * Units whose keys the supplier delivers after payment (docs/product/deals.md#flash-sale-keys); the others'
   * keys are set aside for the sale. Above zero, the page states the wait before the buyer pays.
   */
  supplier_units: z.number().int(),
  /** The SKU as lists show it; null when it is no longer listed. */
  sku: skuSummary.nullable(),
});

export const seckillRequirements = z.object({
  phone: z.boolean(),
  steam: z.boolean(),
  wechat: z.boolean(),
  registered_from_timestamp: timestamp.nullable(),
  registered_to_timestamp: timestamp.nullable(),
  /** A game the buyer must own (any edition of this SKU's product), or null. */
  owned_sku_id: z.number().int().nullable(),
  /** The order quota: completed orders the account must have on the site (0: none). */
  completed_orders: z.number().int(),
});

/** An event: `price` is its lowest item price, `left` the units left over all its items. */
export const seckillEvent = z.object({
  id: z.number().int(),
  area,
  title: localized,
  index: z.number().int(),
  from_timestamp: timestamp,
  to_timestamp: timestamp,
  status: seckillStatusSchema,
  closed: z.boolean(),
  price: z.number().int().nullable(),
  left: z.number().int(),
  items: z.array(seckillItem),
  requirements: seckillRequirements,
});
export type SeckillEvent = z.infer<typeof seckillEvent>;

/** GET /api/promotion?q=sec_kills|normal_links: the site's flash sales grouped by status (current, pre, history). */
export const promotionQuery = z.object({ q: z.enum(['normal_links', 'sec_kills']).optional() });
export const promotionResponse = z.object({
  sec_kills: z.object({ current: z.array(seckillEvent), pre: z.array(seckillEvent), history: z.array(seckillEvent) }).optional(),
  /** Links to other promotions: none are built yet. */
  normal_links: z.array(z.unknown()).optional(),
});
export type PromotionResponse = z.infer<typeof promotionResponse>;

/** GET /api/events/sec_kills?q[id_in][]=1: the named events of the site, in index order. */
export const seckillEventsQuery = z.object({
  q: z.object({ id_in: z.union([z.array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(100), z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)]).optional() }).optional(),
});
export const seckillEventsResponse = z.object({ sec_kills: z.array(seckillEvent) });
export type SeckillEventsResponse = z.infer<typeof seckillEventsResponse>;

/** POST /api/events/sec_kills/{id}/qualify: whether the signed-in buyer could buy now (422 with the first reason if not). */
export const qualifyRequest = z.object({ sku_id: id.optional() }).optional();
export const qualifyResponse = z.object({ qualified: z.literal(true), item_id: z.number().int() });
export type QualifyResponse = z.infer<typeof qualifyResponse>;

/**
 * POST /api/sec_kill: creates a `seckill` order holding one unit at the flash price, unpaid for at most 10
 * minutes; the web goes to /orders/{id}/checkout. `sku_id` picks the item when the event has several;
 * a physical item needs the shipping `address_id`, as any physical order does.
 */
export const seckillPurchaseRequest = z.object({ sec_kill: z.object({ id, sku_id: id.optional(), address_id: id.optional() }) });
export const seckillPurchaseResponse = z.object({ id: z.number().int() });
export type SeckillPurchaseResponse = z.infer<typeof seckillPurchaseResponse>;

/** GET /sec_kill: the live read every waiting browser polls — status and stock, at most a second old. */
export const seckillLiveResponse = z.object({
  server_timestamp: timestamp,
  /** The server's clock in milliseconds when it answered: the web keeps its offset to server time from it (whole seconds are too coarse to open a sale on time). */
  server_time_ms: z.number().int(),
  sec_kills: z.array(z.object({
    id: z.number().int(),
    status: seckillStatusSchema,
    from_timestamp: timestamp,
    to_timestamp: timestamp,
    left: z.number().int(),
    items: z.array(z.object({ id: z.number().int(), sku_id: z.number().int(), left: z.number().int() })),
  })),
});

export type SeckillLive = z.infer<typeof seckillLiveResponse>;

const requirementFields = {
  require_phone: z.boolean().optional(),
  require_steam: z.boolean().optional(),
  require_wechat: z.boolean().optional(),
  registered_from_timestamp: timestamp.min(0).max(32_503_680_000).nullable().optional(),
  registered_to_timestamp: timestamp.min(0).max(32_503_680_000).nullable().optional(),
  require_owned_sku_id: id.nullable().optional(),
  require_completed_orders: z.number().int().min(0).max(1000).optional(),
};

/** POST /api/admin/sec_kills (admins): an event with its items. */
export const createSeckillRequest = z.object({
  sec_kill: z.object({
    area,
    title: z.object({ chs: z.string().trim().min(1).max(100), en: z.string().trim().min(1).max(100) }),
    index: int4.optional(),
    from_timestamp: timestamp.min(0).max(32_503_680_000),
    to_timestamp: timestamp.min(0).max(32_503_680_000),
    ...requirementFields,
    items: z.array(z.object({ sku_id: id, price: int4, stock: int4, buy_limit: int4.min(1).optional() })).min(1).max(50),
  }),
});

/** PATCH /api/admin/sec_kills/{id} (admins): its title, window, index, requirements; `closed: true` closes it. */
export const updateSeckillRequest = z.object({
  sec_kill: z.object({
    title: z.object({ chs: z.string().trim().min(1).max(100), en: z.string().trim().min(1).max(100) }).optional(),
    index: int4.optional(),
    from_timestamp: timestamp.min(0).max(32_503_680_000).optional(),
    to_timestamp: timestamp.min(0).max(32_503_680_000).optional(),
    closed: z.boolean().optional(),
    ...requirementFields,
    /**
     * More units for items already on sale (by SKU), each unit's key set aside as at creation
     * (docs/product/deals.md#flash-sale-keys); refused once the event is over.
     */
    items: z.array(z.object({ sku_id: id, add_stock: z.number().int().min(1).max(1_000_000) })).min(1).max(50).optional(),
  }),
});

export { PROMOTIONS_API } from './paths/promotions.ts';
