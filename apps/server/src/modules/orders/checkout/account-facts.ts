import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../platform/db/client.ts';
import { PreparedSqlByShape, slot } from '../../../platform/db/prepared.ts';
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

/** A buyer's facts as the statement answers them. */
interface FactsRow {
  account_id: number | string;
  banned: boolean | null;
  held: { product_id: number | string; state: string }[] | null;
  module: unknown;
  placed_steps_due: PlacedStepsDue | null;
}

/**
 * The read step of placing an order when it is not part of the write's own statement: each buyer's ban, what
 * it holds of the ordered products, what a module above reads of it and whether each placed-order step has
 * anything to do for it on its site (placed.ts `dueSql`), for every buyer in one statement,
 * under their locks (so nothing a concurrent checkout committed is missed). Without a module's hooks (an
 * ordinary one-click rush) the statement is prepared once per number of products asked about.
 */
export async function readAccountFacts(tx: Tx, buyers: readonly { accountId: number; area: string }[], productIds: readonly number[], now: Date, hooks: FactsHooks = {}): Promise<Map<number, AccountFacts & { module: unknown }>> {
  const accountIds = buyers.map((b) => b.accountId);
  const areas = buyers.map((b) => b.area);
  const rows = hooks.readFor || hooks.countedElsewhere
    ? await rowsOf<FactsRow>(tx, factsSql(tx, { accountIds: sql.param(accountIds), areas: sql.param(areas), productIds, now }, hooks))
    : await plainFacts.rows<FactsRow>(tx, { products: productIds.length }, {
      accountIds, areas, now, ...Object.fromEntries(productIds.map((id, i) => [`product${i}`, id])),
    });
  return new Map(rows.map((row) => [Number(row.account_id), {
    banned: row.banned === true,
    held: (row.held ?? []).map((h) => ({ productId: Number(h.product_id), state: h.state })),
    module: row.module,
    placedStepsDue: row.placed_steps_due,
  }]));
}

/** The statement without hooks, with placeholders: one per number of products (`product<i>`). */
const plainFacts = new PreparedSqlByShape<{ products: number }>('orders_account_facts', (shape) => String(shape.products), (db, { products }) => factsSql(db, {
  accountIds: slot('accountIds'), areas: slot('areas'), now: slot('now') as unknown as Date,
  productIds: Array.from({ length: products }, (_, i) => slot(`product${i}`) as unknown as number),
}));

/** Every buyer's facts, from the buyers' ids and sites as two arrays (values, or placeholders of a prepared statement). */
function factsSql(db: DbOrTx, on: { accountIds: unknown; areas: unknown; productIds: readonly number[]; now: Date }, { readFor, countedElsewhere }: FactsHooks = {}): SQL {
  const account = sql`buyer.id`;
  return sql`
    select buyer.id as account_id, ${purchaseBannedSql(account)} as banned,
      ${on.productIds.length === 0 ? sql`null` : sql`(select json_agg(h) from (${heldProductsQuery(db, account, on.productIds, on.now, countedElsewhere).getSQL()}) h)`} as held,
      ${readFor ? readFor(account) : sql`null`} as module,
      ${placedStepsDueSql({ accountId: account, area: sql`buyer.area` })} as placed_steps_due
    from unnest(${on.accountIds}::bigint[], ${on.areas}::text[]) as buyer(id, area)`;
}
