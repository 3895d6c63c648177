import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { UNPAID_ORDER_STATES } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';
import { fromJsonRow } from '../../platform/db/json-rows.ts';
import { PreparedSql, slot, slotSql } from '../../platform/db/prepared.ts';
import { loadSkuRows, skuRowsFromJson, skuRowsJsonSql } from '../catalog/index.ts';
import { fulfilmentSteps, linesDueFor, stepsDueSql, type AfterCommit, type PaidLine } from './fulfilment.ts';
import { lockOrderForPayment, type OrderOwner, type OrderRecord } from './own-order.ts';
import { orderUnpayableReason } from './payability.ts';
import { orderGames, orders } from './tables.ts';

export type CompletionOutcome =
  /** `afterCommit`: work the caller starts once its transaction has committed (see runAfterCommit). */
  | { outcome: 'completed'; orderId: number; afterCommit: readonly AfterCommit[] }
  /** Already completed by an earlier payment: the caller must not take the money again. */
  | { outcome: 'already_completed'; orderId: number }
  /** Canceled or past its payment window: the money has to go back. */
  | { outcome: 'not_payable'; orderId: number; reason: 'canceled' | 'expired' };

/**
 * Completes a paid order inside the caller's transaction (the one that records the payment), so money
 * and goods move together or not at all. Locks the order row; an order that may still be paid becomes
 * completed and every registered fulfilment step runs (keys, library, shipment). Anything else tells
 * the caller why not.
 */
export async function completePaidOrder(tx: Tx, deps: Deps, orderId: number, now: Date): Promise<CompletionOutcome> {
  fulfilmentSteps();
  const order = await lockOrderForPayment(tx, orderId);
  if (!order) throw new Error(`order ${orderId} vanished under a payment`);
  const unpayable = orderUnpayableReason(order, now);
  if (unpayable === 'completed') return { outcome: 'already_completed', orderId };
  if (unpayable !== null) return { outcome: 'not_payable', orderId, reason: unpayable };

  await tx.update(orders).set({ state: 'completed', completedAt: now, version: order.version + 1 }).where(eq(orders.id, orderId));
  return fulfil(tx, deps, orderId, await paidLinesOf(tx, order), now);
}

async function fulfil(tx: Tx, deps: Deps, orderId: number, paid: readonly PaidLine[], now: Date): Promise<CompletionOutcome> {
  const afterCommit: AfterCommit[] = [];
  for (const step of fulfilmentSteps()) {
    // A step the claim found nothing for (no invite to reward, no commission pending) sends no statement.
    const lines = linesDueFor(step, paid);
    if (lines.length === 0) continue;
    const later = await step.run(tx, deps, lines, now);
    if (later) afterCommit.push(later);
  }
  return { outcome: 'completed', orderId, afterCommit };
}

/** An order the buyer's payment has just completed, with its lines and their SKUs, not yet fulfilled. */
export interface ClaimedOrder {
  order: OrderRecord;
  paid: PaidLine[];
}

/**
 * The way a payment taken in the store (wallet, points) completes an order: one conditional UPDATE that
 * moves the buyer's own order from unpaid to completed only while it may still be paid (inside its
 * payment window, docs/product/buying.md#order-expiry) and unchanged since the buyer saw it (`version`),
 * answering the order, its lines and their SKUs in the same statement. Null when nothing matched (not the
 * buyer's, ended, expired, stale): the caller then finds out why on the slow path, which also sweeps the
 * expired order. The row stays locked until the caller's transaction ends, and is completed only if the
 * money then moves in it: a refusal after this rolls the completion back. Fulfil it with `fulfilClaimedOrder`.
 */
export async function claimOrderForPayment(tx: Tx, owner: OrderOwner, orderId: number, version: number, now: Date): Promise<ClaimedOrder | null> {
  fulfilmentSteps();
  const [row] = await claimStatement.rows<ClaimRow>(tx, { orderId, accountId: owner.accountId, area: owner.area, version, now });
  return row ? claimedOrderOf(row, orderId) : null;
}

/** The statement of `claimOrderForPayment`, built once (every points payment runs it). */
const claimStatement = new PreparedSql<{ orderId: number; accountId: number; area: string; version: number; now: Date }>('orders_claim_for_payment', (db) => {
  const { cte, answer } = claimSqlParts(db);
  return sql`with ${cte} select ${answer} from claimed`;
});

/** The columns a claim answers (`claimSqlParts`' `answer`), read back by `claimedOrderOf`. */
export interface ClaimRow {
  order: Record<string, unknown>;
  lines: Record<string, unknown>[] | null;
  skus: unknown;
  /** The fulfilment steps' `dueSql` for the claimed order (fulfilment.ts stepsDueSql). */
  steps_due: Record<string, boolean> | null;
}

/**
 * The SKU rows of an order's lines, as one JSON value (the claim's answer). The ids are read into an array first
 * (`= any(array(…))`), so the SKUs are found through their primary key whatever PostgreSQL guesses of the order's
 * lines: with `in (select …)` the claim's generic plan guessed 42 lines an order and hashed them against a full scan
 * of the SKUs for every order claimed (0.44 ms an order, most of a group payment's time in the checkout bench).
 */
function skusOfOrderLines(orderId: SQL): SQL {
  return skuRowsJsonSql(sql`${sql.identifier('skus')}.${sql.identifier('id')} = any(array(select ${orderGames.skuId} from ${orderGames} where ${orderGames.orderId} = ${orderId}))`);
}

/**
 * `claimOrderForPayment`'s claim as parts of a caller's own statement, for a payment that records its side
 * in the same round trip (the wallet's, payments/pay.ts): `cte` is `claimed as (…)` — the claimed order row,
 * none when nothing matched, so work written `from claimed` does nothing then — filled from the
 * placeholders orderId, accountId, area, version and now (a Date); `answer` is the columns, selected
 * `from claimed`, that `claimedOrderOf` reads back. The caller refuses after reading them (a method the
 * order cannot take), which rolls the claim back with its own work.
 */
export function claimSqlParts(db: DbOrTx): { cte: SQL; answer: SQL } {
  const claim = db.update(orders).set({ state: 'completed', completedAt: slotSql('now'), version: sql`${orders.version} + 1` })
    .where(and(
      eq(orders.id, slot('orderId')), eq(orders.accountId, slot('accountId')), eq(orders.area, slot('area')),
      inArray(orders.state, [...UNPAID_ORDER_STATES]), gt(orders.expiresAt, slot('now')), eq(orders.version, slot('version')),
    ))
    .returning()
    .getSQL();
  const skusOfLines = skusOfOrderLines(slotSql('orderId'));
  return {
    cte: sql`claimed as (${claim})`,
    answer: sql`row_to_json(claimed) as "order",
      (select json_agg(l order by l.id) from ${orderGames} l where l.order_id = claimed.id) as lines,
      ${skusOfLines} as skus,
      ${stepsDueSql({ id: sql`claimed.id`, accountId: sql`claimed.account_id` })} as steps_due`,
  };
}

/**
 * `claimSqlParts` for the orders of several buyers at once (payments made together, payments/wallet-pay.ts):
 * `cte` is `claimed as (…)`, each asked order moved from unpaid to completed on the same conditions as one
 * alone — the buyer's own, on the site, unpaid, inside its window, unchanged since seen — filled from the
 * placeholders orderIds, accountIds and versions (arrays, one entry per order), area and now; `answer` gives,
 * per claimed row, the columns `claimedOrderOf` reads back. An order that did not match is simply absent, and so
 * is one whose id `only` (a subquery of order ids, the caller's: the orders whose pay lock it took) leaves out.
 */
export function claimManySqlParts({ only }: { only?: SQL } = {}): { cte: SQL; answer: SQL } {
  const now = slotSql('now');
  const claim = sql`update ${orders} set state = 'completed', completed_at = ${now}, version = ${orders.version} + 1
    from unnest(${slot('orderIds')}::bigint[], ${slot('accountIds')}::bigint[], ${slot('versions')}::integer[]) as asked(order_id, account_id, version)
    where ${orders.id} = asked.order_id and ${orders.accountId} = asked.account_id and ${orders.area} = ${slot('area')}
      and ${orders.state} in (${sql.join(UNPAID_ORDER_STATES.map((state) => sql`${state}`), sql`, `)})
      and ${orders.expiresAt} > ${now} and ${orders.version} = asked.version${only ? sql` and asked.order_id in (${only})` : sql``}
    returning ${orders}.*`;
  const skusOfLines = skusOfOrderLines(sql`claimed.id`);
  return {
    cte: sql`claimed as (${claim})`,
    answer: sql`row_to_json(claimed) as "order",
      (select json_agg(l order by l.id) from ${orderGames} l where l.order_id = claimed.id) as lines,
      ${skusOfLines} as skus,
      ${stepsDueSql({ id: sql`claimed.id`, accountId: sql`claimed.account_id` })} as steps_due`,
  };
}

/** The order a claim completed, with its lines and their SKUs, from the columns of `claimSqlParts`' answer. */
export function claimedOrderOf(row: ClaimRow, orderId: number): ClaimedOrder {
  // Completing an order with nothing set up would take the money and deliver nothing: this throws, rolling it back.
  fulfilmentSteps();
  const skuRows = new Map(skuRowsFromJson(row.skus).map((r) => [r.sku.id, r]));
  const order = fromJsonRow(orders, row.order);
  const paid = (row.lines ?? []).map((json) => {
    const line = fromJsonRow(orderGames, json);
    const skuRow = skuRows.get(line.skuId);
    if (!skuRow) throw new Error(`order ${orderId} holds an unknown SKU ${line.skuId}`);
    return { line, row: skuRow, orderType: order.type, ...(row.steps_due ? { stepsDue: row.steps_due } : {}) };
  });
  return { order, paid };
}

/** Runs every fulfilment step (keys, library, shipment) for an order `claimOrderForPayment` completed, in its transaction. */
export function fulfilClaimedOrder(tx: Tx, deps: Deps, claimed: ClaimedOrder, now: Date): Promise<CompletionOutcome> {
  return fulfil(tx, deps, claimed.order.id, claimed.paid, now);
}

/**
 * Runs every fulfilment step once for all the lines of orders claimed together (one payment statement for
 * several buyers), in their shared transaction; answers the work left for after its commit.
 */
export async function fulfilClaimedOrders(tx: Tx, deps: Deps, claimed: readonly ClaimedOrder[], now: Date): Promise<CompletionOutcome> {
  return fulfil(tx, deps, claimed[0]!.order.id, claimed.flatMap((c) => c.paid), now);
}

async function paidLinesOf(tx: Tx, order: OrderRecord): Promise<PaidLine[]> {
  const orderId = order.id;
  const lines = await tx.select().from(orderGames).where(eq(orderGames.orderId, orderId)).orderBy(orderGames.id);
  const rows = new Map((await loadSkuRows(tx, lines.map((l) => l.skuId))).map((r) => [r.sku.id, r]));
  return lines.map((line) => {
    const row = rows.get(line.skuId);
    if (!row) throw new Error(`order ${orderId} holds an unknown SKU ${line.skuId}`);
    return { line, row, orderType: order.type };
  });
}

/**
 * Starts what a completion left for after its commit (buying keys from the supplier). Never throws: a
 * failure is logged, and whatever was not done is picked up by the step's own retries.
 */
export async function runAfterCommit(deps: Deps, outcome: CompletionOutcome): Promise<void> {
  if (outcome.outcome !== 'completed') return;
  await Promise.all(outcome.afterCommit.map(async (work) => {
    try {
      await work(deps);
    } catch (err) {
      deps.log.error({ err, orderId: outcome.orderId }, 'work after an order completed failed; its retries will pick it up');
    }
  }));
}
