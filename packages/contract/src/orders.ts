import { z } from 'zod';
import { area, currency, listMeta, timestamp } from './common.ts';
import { localized, productCate, skuCovers } from './catalog.ts';
import { paymentSummary } from './payment-summary.ts';
import { gameKeySummary, keyDelivery } from './keys.ts';
import { shipment } from './admin.ts';

export const orderType = z.enum(['seckill', 'one_click', 'cart']);
export const orderState = z.enum(['in_checkout', 'pending', 'canceled', 'completed']);
/**
 * What the buyer is shown (docs/product/buying.md#order-display): the state with the expiry rule, and for a paid
 * physical order `paid` while prepared, `shipped` on its way, `completed` only once delivered.
 */
export const orderDisplayState = z.enum(['in_checkout', 'pending', 'paid', 'shipped', 'canceled', 'completed']);

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** POST /api/orders (docs/product/buying.md#order-generation): cart and one-click orders; flash-sale orders come with promotions. */
export const createOrderRequest = z.object({
  order: z.object({
    sku_ids: z.array(id).min(1).max(50),
    cate: productCate,
    type: z.enum(['cart', 'one_click']),
    /** Account coupon ids; one coupon per order. */
    coupon_ids: z.array(id).max(5).optional(),
    address_id: id.optional(),
  }),
});
export type CreateOrderRequest = z.infer<typeof createOrderRequest>;

export const orderGame = z.object({
  id: z.number().int(),
  sku_id: z.number().int(),
  product_id: z.number().int(),
  sku_names: localized,
  /** The SKU's cover art as the catalogue shows it now (a picture, not a price: it is not snapshotted). */
  sku_covers: skuCovers,
  quantity: z.number().int(),
  list_price: z.number().int(),
  sale_price: z.number().int(),
  coupon_amount: z.number().int(),
  amount: z.number().int(),
  /** The line's key (no code: GET /api/me/game_keys/{id} reveals it), once delivered. */
  game_keys: z.array(gameKeySummary),
  /** How the line's key is coming along once the order is paid; null before payment and for lines without keys. */
  delivery: keyDelivery.nullable(),
});

export const orderAddress = z.object({
  name: z.string(),
  phone_number: z.string(),
  country_code: z.string(),
  prov_id: z.string().nullable(),
  city_id: z.string().nullable(),
  area_id: z.string().nullable(),
  region_text: z.string(),
  address: z.string(),
  postcode: z.string(),
});

/** An order (docs/product/buying.md#orders). `display_state` is `state` as the buyer sees it (expiry, shipping). Money in minor units. */
export const order = z.object({
  id: z.number().int(),
  type: orderType,
  state: orderState,
  display_state: orderDisplayState,
  cate: productCate,
  area,
  currency,
  list_amount: z.number().int(),
  subtotal_amount: z.number().int(),
  coupon_amount: z.number().int(),
  total_amount: z.number().int(),
  account_coupon_id: z.number().int().nullable(),
  address: orderAddress.nullable(),
  /** `refunded`: a paid physical order the buyer canceled before it shipped, its money given back to the method that paid. */
  cancel_reason: z.enum(['expired', 'canceled', 'deleted', 'refunded']).nullable(),
  version: z.number().int(),
  created_at_timestamp: timestamp,
  expires_at_timestamp: timestamp,
  canceled_at_timestamp: timestamp.nullable(),
  completed_at_timestamp: timestamp.nullable(),
  order_games: z.array(orderGame),
  /** Payment attempts, oldest first. */
  payments: z.array(paymentSummary),
  /** A physical order's shipment once paid; null otherwise. */
  shipment: shipment.nullable().optional(),
});
export type Order = z.infer<typeof order>;

export const ordersQuery = z.object({ q: z.object({ state_eq: orderState.optional() }).optional() });
export const ordersResponse = z.object({ orders: z.array(order), meta: listMeta });
