import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.ts';
import { rowsOf } from '../../../platform/db/json-rows.ts';
import { purchaseBannedSql } from '../../accounts/index.ts';
import type { AccountFacts } from './validate-buyer.ts';
import { heldProductsQuery } from './validate-ownership.ts';
import { placedStepsDueSql, type PlacedStepsDue } from '../placed.ts';

/** What a module above orders reads of each buyer alongside the rules' facts, and which orders it counts itself (create-together.ts TogetherHooks). */
export interface FactsHooks {
  readFor?(account: SQL): SQL;
  countedElsewhere?(orderId: SQL): SQL;
}

/**
 * The read step of placing an order when it is not part of the write's own statement: each buyer's ban, what
 * it holds of the ordered products, what a module above reads of it and whether each placed-order step has
 * anything to do for it on its site (placed.ts `dueSql`), for every buyer in one statement,
 * under their locks (so nothing a concurrent checkout committed is missed).
 */
export async function readAccountFacts(tx: Tx, buyers: readonly { accountId: number; area: string }[], productIds: readonly number[], now: Date, { readFor, countedElsewhere }: FactsHooks = {}): Promise<Map<number, AccountFacts & { module: unknown }>> {
  const account = sql`buyer.id`;
  const rows = await rowsOf<{ account_id: number | string; banned: boolean | null; held: { product_id: number | string; state: string }[] | null; module: unknown; placed_steps_due: PlacedStepsDue | null }>(tx, sql`
    select buyer.id as account_id, ${purchaseBannedSql(account)} as banned,
      ${productIds.length === 0 ? sql`null` : sql`(select json_agg(h) from (${heldProductsQuery(tx, account, productIds, now, countedElsewhere).getSQL()}) h)`} as held,
      ${readFor ? readFor(account) : sql`null`} as module,
      ${placedStepsDueSql({ accountId: account, area: sql`buyer.area` })} as placed_steps_due
    from unnest(${sql.param(buyers.map((b) => b.accountId))}::bigint[], ${sql.param(buyers.map((b) => b.area))}::text[]) as buyer(id, area)`);
  return new Map(rows.map((row) => [Number(row.account_id), {
    banned: row.banned === true,
    held: (row.held ?? []).map((h) => ({ productId: Number(h.product_id), state: h.state })),
    module: row.module,
    placedStepsDue: row.placed_steps_due,
  }]));
}
