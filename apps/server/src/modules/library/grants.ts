import { isGameKind } from '@lantern/domain';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';
import { PreparedSqlByShape, slot } from '../../platform/db/prepared.ts';
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
  const games = grants.filter((g) => isGameKind(g.row.kind));
  if (games.length === 0) return 0;
  const values: Record<string, unknown> = { acquiredAt: now };
  games.forEach((g, i) => Object.assign(values, {
    [`accountId${i}`]: g.accountId, [`skuId${i}`]: g.row.sku.id, [`productId${i}`]: g.row.sku.productId, [`area${i}`]: g.row.sku.area,
    [`source${i}`]: g.source, [`sourceId${i}`]: g.sourceId,
  }));
  const added = await grantStatements.rows(tx, games.length, values);
  return added.length;
}

/** The insert of `grantGames`, prepared once per number of games (every paid order runs it). */
const grantStatements = new PreparedSqlByShape<number>('library_grant', String, (db, games) => grantSql(db, games));

function grantSql(db: DbOrTx, games: number): SQL {
  const rows = Array.from({ length: games }, (_, i) => ({
    accountId: slot(`accountId${i}`), skuId: slot(`skuId${i}`), productId: slot(`productId${i}`), area: slot(`area${i}`),
    source: slot(`source${i}`), sourceId: slot(`sourceId${i}`), acquiredAt: slot('acquiredAt'),
  }));
  return db.insert(libraryGames).values(rows).onConflictDoNothing().returning({ id: libraryGames.id }).getSQL();
}

/** The games of a paid order join the buyer's library, in the payment's transaction. */
export const libraryGrantStep: FulfilmentStep = {
  name: 'library',
  async run(tx, _deps, paid, now) {
    await grantGames(tx, paid.map(({ line, row }) => ({ accountId: line.accountId, row, source: 'order' as const, sourceId: line.id })), now);
  },
};
