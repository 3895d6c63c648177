import { z } from 'zod';
import { area, currency, timestamp } from './common.ts';
import { localized, productCate } from './catalog.ts';
import { wallet } from './accounts.ts';
import { orderDisplayState } from './orders.ts';

/** An order as the user-centre home lists it: enough for a row with a link to /orders/{id}. */
export const userCenterOrder = z.object({
  id: z.number().int(),
  type: z.enum(['seckill', 'one_click', 'cart']),
  state: z.enum(['in_checkout', 'pending', 'canceled', 'completed']),
  display_state: orderDisplayState,
  cate: productCate,
  currency,
  total_amount: z.number().int(),
  created_at_timestamp: timestamp,
  /** How many lines the order has, and the names of the first three. */
  games_count: z.number().int(),
  sku_names: z.array(localized),
});

/**
 * GET /api/user_center/info (docs/product/buying.md#user-centre): the user-centre home on this site in one call. Counts are of
 * this site (area) except points, which belong to the account on both sites.
 */
export const userCenterInfo = z.object({
  account: z.object({ id: z.number().int(), nickname: z.string(), avatar_url: z.string().nullable(), region: z.string(), area }),
  counts: z.object({
    /** Unpaid orders still inside their payment window. */
    orders_pending: z.number().int(),
    orders_completed: z.number().int(),
    /** Library games on this site. */
    games_owned: z.number().int(),
    /** Delivered keys still to be activated (init or failed). */
    keys_not_activated: z.number().int(),
    /** Paid lines still waiting for a key (ordering or pre_ordered). */
    keys_waiting: z.number().int(),
    /** Coupons that can be used now. */
    coupons_usable: z.number().int(),
    wishes: z.number().int(),
  }),
  /** The wallet in the site's currency; a balance of 0 (active) when the account never had one. */
  wallet,
  points: z.object({ score: z.number().int(), history_score: z.number().int(), total_score: z.number().int() }),
  /** The three newest orders of the site. */
  latest_orders: z.array(userCenterOrder),
});
export type UserCenterInfo = z.infer<typeof userCenterInfo>;

export { USER_CENTER_API } from './paths/user-center.ts';
