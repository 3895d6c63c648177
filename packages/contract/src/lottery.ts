import { z } from 'zod';
import { area, currency, listMeta, timestamp } from './common.ts';
import { localized } from './catalog.ts';

/** Lotteries (docs/product/deals.md#lotteries). Times are server seconds; amounts are minor units (fen, cents). */
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const int4 = z.number().int().min(0).max(2_147_483_647);
const at = timestamp.min(0).max(32_503_680_000);
const title = z.object({ chs: z.string().trim().min(1).max(80), en: z.string().trim().min(1).max(80) });
const text = z.object({ chs: z.string().trim().max(500), en: z.string().trim().max(500) });

export const lotteryPrizeKind = z.enum(['points', 'coupon', 'game', 'goods']);
export const lotteryMode = z.enum(['points', 'order']);
export const lotteryDrawVia = z.enum(['points', 'order', 'share']);

/**
 * A prize: what it gives (`points`, or the coupon or SKU it names), its `value` in the site's currency (what the
 * mainland cap is checked against), its weight, its stock, and `probability`, the chance of the next draw
 * landing on it (its weight over the weights still in stock).
 */
export const lotteryPrize = z.object({
  id: z.number().int(),
  kind: lotteryPrizeKind,
  title: localized,
  points: z.number().int().nullable(),
  coupon_id: z.number().int().nullable(),
  sku_id: z.number().int().nullable(),
  value: z.number().int(),
  weight: z.number().int(),
  total_count: z.number().int(),
  left_count: z.number().int(),
  probability: z.number(),
  index: z.number().int(),
});
export type LotteryPrize = z.infer<typeof lotteryPrize>;

/**
 * A lottery activity. `mode: points` is drawn with `POST …/draws` at `cost_points` a draw; `mode: order` by an
 * order (`POST /api/promotion/…/draw`) and the links its buyer shares. `seed_hash` is the SHA-256 of the seed
 * committed before it opened; `seed` is revealed once it has ended (null before).
 */
export const lotteryActivity = z.object({
  id: z.number().int(),
  area,
  currency,
  mode: lotteryMode,
  title: localized,
  description: localized,
  status: z.enum(['not_start', 'current', 'end']),
  from_timestamp: timestamp,
  to_timestamp: timestamp,
  closed: z.boolean(),
  cost_points: z.number().int(),
  per_user_limit: z.number().int().nullable(),
  daily_limit: z.number().int().nullable(),
  minimum_order_amount: z.number().int().nullable(),
  required_sku_id: z.number().int().nullable(),
  share_draws_per_order: z.number().int(),
  seed_hash: z.string(),
  seed: z.string().nullable(),
  prizes: z.array(lotteryPrize),
});
export type LotteryActivity = z.infer<typeof lotteryActivity>;

export const lotteryActivitiesResponse = z.object({ lottery_activities: z.array(lotteryActivity) });

/** The account of a draw record as anyone may see it. */
export const lotteryAccount = z.object({ id: z.number().int(), avatar: z.string().nullable(), nickname: z.string() });

/**
 * A draw: the prize won, when, how it was granted, and its audit facts — the `nonce` and the `pool` (each prize
 * in stock and its weight at that moment): with the revealed seed anyone re-runs it
 * (docs/product/deals.md#lottery-fairness). A goods prize carries its `claim` (the address it ships to).
 */
export const lotteryRecord = z.object({
  id: z.number().int(),
  lottery_activity_id: z.number().int(),
  lottery_prize_id: z.number().int(),
  lottery_prize: z.object({ id: z.number().int(), kind: lotteryPrizeKind, title: localized }),
  via: lotteryDrawVia,
  order_id: z.number().int().nullable(),
  created_at_timestamp: timestamp,
  nonce: z.string(),
  pool: z.array(z.object({ prize_id: z.number().int(), weight: z.number().int() })),
  account: lotteryAccount.nullable(),
  claim: z.object({ state: z.enum(['address_needed', 'to_ship']), address: z.string().nullable() }).nullable(),
});
export type LotteryRecord = z.infer<typeof lotteryRecord>;

export const lotteryRecordsResponse = z.object({ lottery_records: z.array(lotteryRecord), meta: listMeta });
export const accountsLotteryPrizesResponse = z.object({ accounts_lottery_prizes: z.array(lotteryRecord), meta: listMeta });

/** A draw's answer: the prizes won (one per draw), the record, the points left. */
export const lotteryDrawResponse = z.object({
  lottery_prize_id: z.number().int(),
  lottery_prize_ids: z.array(z.number().int()),
  lottery_record: lotteryRecord,
  score: z.number().int(),
});
export type LotteryDrawResult = z.infer<typeof lotteryDrawResponse>;

/** What stands between the viewer and a draw now (the first refusal, or null), with their counts. */
export const lotteryUserInfo = z.object({
  drawn: z.number().int(),
  drawn_today: z.number().int(),
  left_draws: z.number().int().nullable(),
  left_today: z.number().int().nullable(),
  score: z.number().int(),
  refusal: z.object({ field: z.string(), reason: z.string() }).nullable(),
});
export type LotteryUserInfo = z.infer<typeof lotteryUserInfo>;
export const lotteryInfosResponse = z.object({ lottery_user_info: lotteryUserInfo });

/** A buyer's shared link: who, from which order, valid from..to, signed by `share_token`. */
export const lotteryShare = z.object({ sharer_id: id, order_id: id, from: at, to: at });
export const lotteryShareLink = lotteryShare.extend({ share_token: z.string() });

/** GET /api/promotion/lottery_activities/{id}: the activity and, signed in, the viewer's drawn orders with their share links. */
export const promotionLotteryResponse = z.object({
  lottery_activity: lotteryActivity,
  drawn_orders: z.array(z.object({
    order_id: z.number().int(),
    lottery_prize_ids: z.array(z.number().int()),
    share: lotteryShareLink.nullable(),
    shared_draws: z.number().int(),
  })),
});

export const promotionDrawRequest = z.object({ order_id: id });
export const redPacketDrawRequest = z.object({
  lottery_red_packet: lotteryShare,
  share_token: z.string().min(1).max(128),
  timestamp: at,
});

/** GET /api/lottery_activities?q[id_in][]=1: the named activities of the site; without it, the site's live and coming ones. */
export const lotteryActivitiesQuery = z.object({
  q: z.object({ id_in: z.union([z.array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(50), z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)]).optional() }).optional(),
});
export const lotteryRecordsQuery = z.object({
  lottery_activity_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per: z.coerce.number().int().min(1).max(50).default(10),
});

const prizeInput = z.object({
  kind: lotteryPrizeKind,
  title,
  points: int4.min(1).max(1_000_000).optional(),
  coupon_id: id.optional(),
  sku_id: id.optional(),
  value: int4,
  weight: int4.min(1).max(1_000_000),
  count: int4.min(1).max(1_000_000),
});

/** POST /api/admin/lottery_activities (admins): the activity and its prizes (1 to 20), checked before anything is written. */
export const createLotteryRequest = z.object({
  lottery_activity: z.object({
    area,
    mode: lotteryMode,
    title,
    description: text.optional(),
    from_timestamp: at,
    to_timestamp: at,
    cost_points: int4.max(1_000_000).optional(),
    per_user_limit: int4.min(1).nullable().optional(),
    daily_limit: int4.min(1).nullable().optional(),
    minimum_order_amount: int4.min(1).nullable().optional(),
    required_sku_id: id.nullable().optional(),
    share_draws_per_order: int4.max(100).optional(),
    prizes: z.array(prizeInput).min(1).max(20),
  }),
});

/** PATCH /api/admin/lottery_activities/{id} (admins): its words, or `closed: true` to stop it (its seed is then revealed). */
export const updateLotteryRequest = z.object({
  lottery_activity: z.object({ title: title.optional(), description: text.optional(), closed: z.boolean().optional() }),
});

export { LOTTERY_API } from './paths/lottery.ts';
