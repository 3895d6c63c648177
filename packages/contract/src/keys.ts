import { z } from 'zod';
import { KEY_DELIVERY_STATES } from '@lantern/domain';
import { listMeta, timestamp } from './common.ts';
import { keyType, localized } from './catalog.ts';

/** Activation of a key (docs/product/buying.md#key-activation): init → activated | failed on its platform; a Uplay key init → enabled. */
export const activationStatus = z.enum(['init', 'enabled', 'activated', 'failed']);
/** A paid line's key (docs/product/buying.md#key-delivery): delivered (has its key), pre_ordered (game not out yet), ordering (waiting for stock), refused (the supplier will not sell it). */
export const keyDeliveryState = z.enum(KEY_DELIVERY_STATES);
/** platform_key for games, DLC and bundles; goods_code for virtual goods. */
export const keyKind = z.enum(['platform_key', 'goods_code']);

/** How a paid line's key is coming along (on order lines and key lists). */
export const keyDelivery = z.object({
  state: keyDeliveryState,
  /** pool (our stock) or genba (bought from the supplier per sale). */
  source: z.enum(['pool', 'genba']),
  /** While ordering: the supplier's last refusal as `factory_{reason}` (docs/product/buying.md#factory-reasons); null shows the generic wait text. */
  error: z.string().nullable(),
  created_at_timestamp: timestamp,
  delivered_at_timestamp: timestamp.nullable(),
});
export type KeyDelivery = z.infer<typeof keyDelivery>;

/** A key as lists and orders show it: never the code (that is GET /api/me/game_keys/{id}). */
export const gameKeySummary = z.object({
  id: z.number().int(),
  key_type: keyType,
  kind: keyKind,
  /** "Steam 激活码" / "Steam key" (`type_desc`). */
  type_desc: localized,
  /** The platform (the `games_key_type` title). */
  games_key_type: z.object({ key_type: keyType, title: localized }),
  activation_status: activationStatus,
  /** The platform's error code of the last failed activation (the fail text shows it). */
  activation_error: z.string().nullable(),
  assigned_at_timestamp: timestamp,
  activated_at_timestamp: timestamp.nullable(),
});
export type GameKeySummary = z.infer<typeof gameKeySummary>;

/**
 * One entry of the key lists (GET /api/game_key, /api/genba_key, /api/virtual/game_keys): a paid line of
 * a keyed product, with its key once delivered. `id` is the key's id — null while the line still waits.
 */
export const gameKeyEntry = gameKeySummary.extend({
  id: z.number().int().nullable(),
  order_game_id: z.number().int(),
  order_id: z.number().int(),
  sku_id: z.number().int(),
  product_id: z.number().int(),
  sku_names: localized,
  /** init while the line waits. */
  activation_status: activationStatus,
  delivery: keyDelivery,
  assigned_at_timestamp: timestamp.nullable(),
});
export type GameKeyEntry = z.infer<typeof gameKeyEntry>;

/** GET /api/game_key and GET /api/genba_key: q[key_type_eq] (e.g. uplay), q[delivery_state_eq]; newest first, per 10. */
export const gameKeysQuery = z.object({
  q: z.object({ key_type_eq: keyType.optional(), delivery_state_eq: keyDeliveryState.optional() }).optional(),
});
export const gameKeysResponse = z.object({ game_keys: z.array(gameKeyEntry), meta: listMeta });

/** GET /api/virtual/game_keys: virtual goods' codes, shown to their owner with the code (null while waiting). */
export const virtualCodeEntry = gameKeyEntry.extend({ code: z.string().nullable() });
export const virtualCodesResponse = z.object({ game_keys: z.array(virtualCodeEntry), meta: listMeta });

/** GET /api/me/game_keys/{id}: one of the account's keys with its code; anyone else's is a 404. */
export const revealedKey = gameKeyEntry.extend({ id: z.number().int(), code: z.string() });
export type RevealedKey = z.infer<typeof revealedKey>;

/**
 * POST /api/me/game_keys/{id}/activate and POST /api/me/codes/{id}/activate (docs/product/buying.md#key-activation: loading → success
 * or fail). Success: `activation_status` activated (enabled for Uplay). Fail: failed with `error_code`.
 */
export const activationResult = z.object({
  id: z.number().int(),
  activation_status: activationStatus,
  error_code: z.string().nullable(),
  activated_at_timestamp: timestamp.nullable(),
});
export type ActivationResult = z.infer<typeof activationResult>;

export { KEYS_API } from './paths/keys.ts';
