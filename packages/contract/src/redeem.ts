import { z } from 'zod';
import { area, listMeta, timestamp } from './common.ts';
import { captchaFields } from './captcha.ts';
import { localized } from './catalog.ts';

export const redeemGoodsKind = z.enum(['sku', 'coupon', 'points']);

/** POST /api/redeem (docs/product/buying.md#redeem-codes). The captcha is needed once GET /api/redeem says `need_captcha`. */
export const redeemRequest = z.object({
  redeem: z.object({ code: z.string().min(1).max(64), ...captchaFields }),
});

/** GET /api/redeem: the redeem page's state for the account: whether a captcha is needed, attempts left before one is. */
export const redeemPageState = z.object({
  need_captcha: z.boolean(),
  attempts_left: z.number().int(),
  failures_before_captcha: z.number().int(),
});

/** What a code grants (its goods, on one area). Exactly one of sku / coupon / points is set. */
export const redeemGoods = z.object({
  kind: redeemGoodsKind,
  area,
  remote_id: z.string(),
  sku: z.object({ id: z.number().int(), product_id: z.number().int(), sku_names: localized }).nullable(),
  coupon: z.object({ id: z.number().int(), title: localized }).nullable(),
  points: z.number().int().nullable(),
});

/**
 * A redemption (POST /api/redeem's answer, GET /api/redeems): what the code gave. For a game, the order
 * that carries its key (`order_id`, see decisions/0006) and the library game; for a coupon, the account
 * coupon; for points, the points added.
 */
export const redemption = z.object({
  id: z.number().int(),
  code_tail: z.string(),
  goods: redeemGoods,
  redeemed_at_timestamp: timestamp,
  order_id: z.number().int().nullable(),
  library_game_id: z.number().int().nullable(),
  account_coupon_id: z.number().int().nullable(),
});
export type Redemption = z.infer<typeof redemption>;
export const redemptionsResponse = z.object({ redeems: z.array(redemption), meta: listMeta });

/** GET /api/me/code: codes issued to the account, with the code itself; an active code past its date reads expired. */
export const issuedCode = z.object({
  id: z.number().int(),
  code: z.string(),
  code_tail: z.string(),
  state: z.enum(['active', 'used', 'disabled', 'expired']),
  goods: redeemGoods,
  expires_at_timestamp: timestamp.nullable(),
  used_at_timestamp: timestamp.nullable(),
  created_at_timestamp: timestamp,
});
export const issuedCodesResponse = z.object({ codes: z.array(issuedCode), meta: listMeta });

export { REDEEM_API } from './paths/redeem.ts';
