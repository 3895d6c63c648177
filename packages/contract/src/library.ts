import { z } from 'zod';
import { GAME_KINDS } from '@lantern/domain';
import { area, listMeta, timestamp } from './common.ts';
import { keyType, localized, skuSummary } from './catalog.ts';
import { gameKeySummary, keyDelivery } from './keys.ts';

/** A game in an account's library (docs/product/buying.md#library): one per SKU, from an order or a redeem code. */
export const libraryGame = z.object({
  id: z.number().int(),
  sku_id: z.number().int(),
  product_id: z.number().int(),
  area,
  source: z.enum(['order', 'redeem']),
  /** Seconds played, from the platform (sandboxed); `playtime_hours` = seconds ÷ 3600 to one decimal (docs/product/buying.md#playtime). */
  playtime_seconds: z.number().int(),
  playtime_hours: z.number(),
  last_played_at_timestamp: timestamp.nullable(),
  acquired_at_timestamp: timestamp,
  sku: skuSummary,
});
export type LibraryGame = z.infer<typeof libraryGame>;

/** GET /api/me/games: the site's library, newest first, per 10; q[key_type_eq], q[kind_eq] (game, dlc, bundle). */
export const libraryGamesQuery = z.object({
  q: z.object({ key_type_eq: keyType.optional(), kind_eq: z.enum(GAME_KINDS).optional() }).optional(),
});
export const libraryGamesResponse = z.object({ games: z.array(libraryGame), meta: listMeta });

/** GET /api/me/games/{id}: one library game with the account's keys for it (no codes). */
export const libraryGameDetail = libraryGame.extend({ game_keys: z.array(gameKeySummary) });

/** GET /api/all_games/{id}: a library game as anyone may see it (a profile's games): no keys, no account details. */
export const publicLibraryGame = libraryGame.omit({ source: true }).extend({ account_id: z.number().int() });

/**
 * GET /api/accounts/{id}/community_games: the games tab of a personal page (docs/product/personal-pages.md#games) — an
 * open account's games on this site, most played first, per 10; nothing of keys or where they came from.
 */
export const communityGamesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per: z.coerce.number().int().min(1).max(50).default(10),
});
export const communityGamesResponse = z.object({
  community_games: z.array(publicLibraryGame),
  meta: z.object({ total_count: z.number().int(), page: z.number().int(), per: z.number().int(), total_hours: z.number() }),
});
export type CommunityGamesResponse = z.infer<typeof communityGamesResponse>;

/** GET /api/me/order_games: lines of the account's completed orders on the site, newest first, per 10, with key progress. */
export const ownedOrderGame = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  sku_id: z.number().int(),
  product_id: z.number().int(),
  sku_names: localized,
  quantity: z.number().int(),
  amount: z.number().int(),
  completed_at_timestamp: timestamp.nullable(),
  /** Null for lines that get no key (peripherals). */
  delivery: keyDelivery.nullable(),
  game_keys: z.array(gameKeySummary),
});
export const ownedOrderGamesResponse = z.object({ order_games: z.array(ownedOrderGame), meta: listMeta });

export { LIBRARY_API } from './paths/library.ts';
