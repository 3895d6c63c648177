import type { Tx } from '../../platform/db/client.ts';
import type { PaidLine } from '../keys/index.ts';
import type { SkuRow } from '../catalog/index.ts';
import { libraryGames } from './tables.ts';

/** Kinds that are games in a library: a base game, a DLC or a bundle (virtual goods and peripherals are not). */
export const LIBRARY_KINDS: ReadonlySet<SkuRow['kind']> = new Set(['game', 'dlc', 'bundle']);

export interface LibraryGrant {
  accountId: number;
  row: SkuRow;
  source: 'order' | 'redeem';
  /** The order line or redeem code that granted the game. */
  sourceId: number;
}

/**
 * Adds games to their accounts' libraries. One row per account and SKU: a game owned already (bought
 * twice through different routes, or redeemed after buying) keeps its first row and playtime.
 * Answers how many rows were added.
 */
export async function grantGames(tx: Tx, grants: readonly LibraryGrant[], now: Date): Promise<number> {
  const values = grants
    .filter((g) => LIBRARY_KINDS.has(g.row.kind))
    .map((g) => ({
      accountId: g.accountId, skuId: g.row.sku.id, productId: g.row.sku.productId, area: g.row.sku.area, source: g.source,
      sourceId: g.sourceId, acquiredAt: now,
    }));
  if (values.length === 0) return 0;
  const added = await tx.insert(libraryGames).values(values).onConflictDoNothing().returning({ id: libraryGames.id });
  return added.length;
}

/** The games of a paid order join the buyer's library (called by completePaidOrder in the payment's transaction). */
export async function grantLibraryGames(tx: Tx, paid: readonly PaidLine[], now: Date): Promise<void> {
  await grantGames(tx, paid.map(({ line, row }) => ({ accountId: line.accountId, row, source: 'order' as const, sourceId: line.id })), now);
}
