import { isGameKind } from '@lantern/domain';
import type { Tx } from '../../platform/db/client.ts';
import type { SkuRow } from '../catalog/index.ts';
import type { FulfilmentStep } from '../orders/index.ts';
import { libraryGames } from './tables.ts';

export interface LibraryGrant {
  accountId: number;
  row: SkuRow;
  source: 'order' | 'redeem';
  /** The order line or redeem code that granted the game. */
  sourceId: number;
}

/**
 * Adds games (games, DLC, bundles; virtual goods and peripherals are not games) to their accounts'
 * libraries. One row per account and SKU: a game owned already (bought twice through different routes,
 * or redeemed after buying) keeps its first row and playtime. Answers how many rows were added.
 */
export async function grantGames(tx: Tx, grants: readonly LibraryGrant[], now: Date): Promise<number> {
  const values = grants
    .filter((g) => isGameKind(g.row.kind))
    .map((g) => ({
      accountId: g.accountId, skuId: g.row.sku.id, productId: g.row.sku.productId, area: g.row.sku.area, source: g.source,
      sourceId: g.sourceId, acquiredAt: now,
    }));
  if (values.length === 0) return 0;
  const added = await tx.insert(libraryGames).values(values).onConflictDoNothing().returning({ id: libraryGames.id });
  return added.length;
}

/** The games of a paid order join the buyer's library, in the payment's transaction. */
export const libraryGrantStep: FulfilmentStep = {
  name: 'library',
  async run(tx, _deps, paid, now) {
    await grantGames(tx, paid.map(({ line, row }) => ({ accountId: line.accountId, row, source: 'order' as const, sourceId: line.id })), now);
  },
};
