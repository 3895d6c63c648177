import { and, count, desc, eq, inArray, sum } from 'drizzle-orm';
import { playtimeHours, type Area, type GameKind } from '@lantern/domain';
import type { LibraryGame } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { fail } from '../../platform/errors.ts';
import { findAccount } from '../accounts/index.ts';
import { loadSkuRows, presentSkuMap, skuMatches } from '../catalog/index.ts';
import { keysOfSkus } from '../keys/index.ts';
import { libraryGames } from './tables.ts';

type LibraryRow = typeof libraryGames.$inferSelect;
type KeyType = 'steam' | 'uplay' | 'epic' | 'origin' | 'gog' | 'other';

export interface LibraryFilter {
  keyType?: KeyType;
  kind?: GameKind;
}

/** Library rows with their SKUs' summaries (two queries for tags and categories, whatever the page size). */
async function present(db: DbOrTx, rows: readonly LibraryRow[]): Promise<LibraryGame[]> {
  const summaries = await presentSkuMap(db, await loadSkuRows(db, rows.map((r) => r.skuId)));
  return rows.map((r) => {
    const sku = summaries.get(r.skuId);
    if (!sku) throw new Error(`library game ${r.id} of an unknown SKU ${r.skuId}`);
    return {
      id: r.id,
      sku_id: r.skuId,
      product_id: r.productId,
      area: r.area,
      source: r.source,
      playtime_seconds: r.playtimeSeconds,
      playtime_hours: playtimeHours(r.playtimeSeconds),
      last_played_at_timestamp: toTimestamp(r.lastPlayedAt),
      acquired_at_timestamp: toTimestamp(r.acquiredAt),
      sku,
    };
  });
}

/** GET /api/me/games: the account's games on the site, newest first; by key type or kind. */
export async function listGames(deps: Deps, accountId: number, area: Area, filter: LibraryFilter, page: number, per: number) {
  const match = filter.keyType || filter.kind ? skuMatches(deps.db, libraryGames.skuId, { keyType: filter.keyType, kinds: filter.kind ? [filter.kind] : undefined }) : undefined;
  const where = and(eq(libraryGames.accountId, accountId), eq(libraryGames.area, area), match);
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(libraryGames).where(where).orderBy(desc(libraryGames.acquiredAt), desc(libraryGames.id)).limit(per).offset((page - 1) * per),
    deps.db.select({ n: count() }).from(libraryGames).where(where),
  ]);
  return { games: await present(deps.db, rows), meta: { total_count: total?.n ?? 0, page, per } };
}

/** GET /api/me/games/{id}: one of the account's games with its keys (no codes); anyone else's is a 404. */
export async function getGame(deps: Deps, accountId: number, id: number) {
  const [row] = await deps.db.select().from(libraryGames).where(and(eq(libraryGames.id, id), eq(libraryGames.accountId, accountId))).limit(1);
  if (!row) throw fail.notFound();
  const [[game], keys] = await Promise.all([present(deps.db, [row]), keysOfSkus(deps.db, accountId, [row.skuId])]);
  return { ...game!, game_keys: keys.get(row.skuId) ?? [] };
}

/**
 * GET /api/all_games/{id}: a library game as a profile shows it — the game and its playtime, whose it is,
 * nothing of its keys or where it came from. Public like the rest of a profile.
 */
export async function getPublicGame(deps: Deps, id: number) {
  const [row] = await deps.db.select().from(libraryGames).where(eq(libraryGames.id, id)).limit(1);
  if (!row) throw fail.notFound();
  const [game] = await present(deps.db, [row]);
  const { source: _source, ...rest } = game!;
  return { ...rest, account_id: row.accountId };
}

/**
 * GET /api/accounts/{id}/community_games: the games tab of a personal page (docs/product/personal-pages.md#games). An
 * open account's games (not DLC or bundles) on the site, most played first, then newest; with the hours of all
 * of them. Public like the rest of a profile; a closed or unknown account is a 404.
 */
export async function listCommunityGames(deps: Deps, accountId: number, area: Area, page: number, per: number) {
  const account = await findAccount(deps.db, accountId);
  if (!account) throw fail.notFound();
  const where = and(eq(libraryGames.accountId, accountId), eq(libraryGames.area, area), skuMatches(deps.db, libraryGames.skuId, { kinds: ['game'] }));
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(libraryGames).where(where)
      .orderBy(desc(libraryGames.playtimeSeconds), desc(libraryGames.acquiredAt), desc(libraryGames.id)).limit(per).offset((page - 1) * per),
    deps.db.select({ n: count(), seconds: sum(libraryGames.playtimeSeconds).mapWith(Number) }).from(libraryGames).where(where),
  ]);
  const games = (await present(deps.db, rows)).map(({ source: _source, ...game }) => ({ ...game, account_id: accountId }));
  return { community_games: games, meta: { total_count: total?.n ?? 0, page, per, total_hours: playtimeHours(total?.seconds ?? 0) } };
}

/** Products the account has in its library (any area): redeeming a game it owns is refused. */
export async function libraryProductIds(db: DbOrTx, accountId: number, productIds: readonly number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db.selectDistinct({ productId: libraryGames.productId }).from(libraryGames)
    .where(and(eq(libraryGames.accountId, accountId), inArray(libraryGames.productId, [...productIds])));
  return new Set(rows.map((r) => r.productId));
}

/** The library game an account has of a SKU, if any (a redemption names it). */
export async function libraryGameIdOf(db: DbOrTx, accountId: number, skuId: number): Promise<number | null> {
  const [row] = await db.select({ id: libraryGames.id }).from(libraryGames).where(and(eq(libraryGames.accountId, accountId), eq(libraryGames.skuId, skuId))).limit(1);
  return row?.id ?? null;
}

export async function countGames(db: DbOrTx, accountId: number, area: Area): Promise<number> {
  const [row] = await db.select({ n: count() }).from(libraryGames).where(and(eq(libraryGames.accountId, accountId), eq(libraryGames.area, area)));
  return row?.n ?? 0;
}

/** What the community records with a review: the account's playtime of a game and whether it was bought here. */
export async function ownershipOf(db: DbOrTx, accountId: number, productId: number): Promise<{ playtimeSeconds: number; boughtHere: boolean } | null> {
  const rows = await db.select({ playtime: libraryGames.playtimeSeconds, source: libraryGames.source }).from(libraryGames)
    .where(and(eq(libraryGames.accountId, accountId), eq(libraryGames.productId, productId)));
  if (rows.length === 0) return null;
  return { playtimeSeconds: Math.max(...rows.map((r) => r.playtime)), boughtHere: rows.some((r) => r.source === 'order') };
}

/** The games (by product) an account has on a site, newest first: the user centre's unreviewed games. */
export async function ownedProductsOf(db: DbOrTx, accountId: number, area: Area): Promise<Array<{ productId: number; skuId: number; playtimeSeconds: number; acquiredAt: Date }>> {
  return db.select({ productId: libraryGames.productId, skuId: libraryGames.skuId, playtimeSeconds: libraryGames.playtimeSeconds, acquiredAt: libraryGames.acquiredAt })
    .from(libraryGames).where(and(eq(libraryGames.accountId, accountId), eq(libraryGames.area, area)))
    .orderBy(desc(libraryGames.acquiredAt), desc(libraryGames.id));
}
