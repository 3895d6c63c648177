import { sql, type SQL } from 'drizzle-orm';
import type { PayResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { isConnectionError, type Tx } from '../../platform/db/client.ts';
import { PreparedSql, slot, slotSql } from '../../platform/db/prepared.ts';
import { tryTransactionLockSql } from '../../platform/db/session-locks.ts';
import { GroupLanes, oneByOneOnRefusal, RefusedInGroup } from '../../platform/group-lanes.ts';
import { walletDebitsCtes } from '../accounts/index.ts';
import { claimManySqlParts, claimedOrderOf, fulfilClaimedOrders, runAfterCommit, type ClaimRow, type ClaimedOrder } from '../orders/index.ts';
import { payLockKey, type Payer } from './order-access.ts';
import { newOutTradeNo, type PayInput } from './pay-input.ts';
import { payments } from './tables.ts';
import { refuseWallet } from './wallet-refusal.ts';

/** One wallet payment asked for: whose, which order, the version the buyer saw. */
export interface WalletPayment {
  accountId: number;
  payer: Payer;
  orderId: number;
  input: PayInput;
  now: Date;
}

/** A payment made, or null when the claim matched nothing (the careful path then says why: payments/pay.ts). */
type Answer = PayResponse | null;

/**
 * The wallet's common path for one order, under its pay lock: the payment, or null for the careful path to say
 * why not. The route passes the one whose buyers wait in group lanes (`walletPaysTogether`).
 */
export type WalletPay = (payer: Payer, orderId: number, input: PayInput, now: Date) => Promise<PayResponse | null>;

/**
 * Paying orders from the wallet — the one description of this write, for one buyer or for the buyers of an
 * instance paying at the same moment (docs/decisions/0021-group-checkout.md, "Payments together"). Its steps:
 * 1. **claim** — each order's pay lock taken for the transaction, and the order moved from unpaid to completed
 *    only if its lock was taken and it is the payer's own, on the site, unpaid, inside its window and unchanged
 *    since seen (orders' claimManySqlParts); an order not matched is answered null, for the careful path to say
 *    why (or, lock held, to wait for its holder);
 * 2. **debit** — each claimed order's total taken from its buyer's wallet with its ledger row, if no recovery
 *    hold applies, the wallet is active and the balance fits (accounts' walletDebitsCtes);
 * 3. **record** — any unfinished gateway attempt ended and the succeeded payment written;
 *    (1–3 are one statement for the whole group)
 * 4. **refuse** — a claimed order refused by the wallet's rules in their order (domain's walletPayRefusal: a
 *    line sold for points only, then the debit that did not fit: wallet-refusal.ts) rolls everything back;
 * 5. **fulfil** — the fulfilment steps once for all the lines (keys, library, shipment), in the transaction;
 * 6. **after the commit** — what the completion left (a supplier's key), not awaited.
 * A refusal in a group of several cannot be undone for one buyer alone: the group is rolled back and its buyers
 * pay one by one, each a group of one, answered exactly as alone (platform/group-lanes.ts oneByOneOnRefusal).
 */
export async function payFromWallet(deps: Deps, group: readonly WalletPayment[]): Promise<(Answer | Error)[]> {
  return oneByOneOnRefusal(group, (members) => payGroup(deps, members), {
    // A deadlock with another group paying for the same accounts is answered buyer by buyer too, as alone.
    retryOneByOne(error) {
      // A broken connection is the lane's to handle.
      if (isConnectionError(error)) return false;
      deps.log.warn({ err: error, orders: group.map((p) => p.orderId) }, 'a group of wallet payments failed; paying them one by one');
      return true;
    },
  });
}

/** Buyers paying from their wallets at the same moment wait by site in group lanes and pay together. */
export function walletPaysTogether(deps: Deps): WalletPay {
  const lanes = new GroupLanes<WalletPayment, Answer, string>(deps.db, (db, _area, group) => payFromWallet({ ...deps, db }, group));
  return (payer, orderId, input, now) => lanes.submit(payer.area, { accountId: payer.accountId, payer, orderId, input, now });
}

/** Each payment on its own: for callers without an instance's lanes. */
export const payFromWalletAlone = (deps: Deps): WalletPay => async (payer, orderId, input, now) => {
  const [answer] = await payFromWallet(deps, [{ accountId: payer.accountId, payer, orderId, input, now }]);
  if (answer instanceof Error) throw answer;
  return answer ?? null;
};

/** Steps 1–6 for the members, in one transaction. A refusal throws: alone, the buyer's own; in a group, RefusedInGroup. */
async function payGroup(deps: Deps, group: readonly WalletPayment[]): Promise<Answer[]> {
  const now = group[0]!.now;
  const done = await deps.db.transaction(async (tx) => {
    const rows = await payAllStatement.rows<ClaimRow & { payment_id: number | string; debited: boolean }>(tx, {
      orderIds: group.map((p) => p.orderId), lockKeys: group.map((p) => payLockKey(p.orderId)), accountIds: group.map((p) => p.payer.accountId), versions: group.map((p) => p.input.version),
      paymentFroms: group.map((p) => p.input.payment_from), outTradeNos: group.map(() => newOutTradeNo(now)),
      area: group[0]!.payer.area, now, nowText: now.toISOString(),
    });
    const claimed: ClaimedOrder[] = [];
    const paymentOf = new Map<number, number>();
    for (const row of rows) {
      const order = claimedOrderOf(row, Number((row.order as { id: number | string }).id));
      await refuseClaimed(tx, order, row.debited, group.length, now);
      claimed.push(order);
      paymentOf.set(order.order.id, Number(row.payment_id));
    }
    const completion = claimed.length === 0 ? null : await fulfilClaimedOrders(tx, deps, claimed, now);
    return { paymentOf, completion };
  });
  // Not awaited: the buyers' answers do not wait for the supplier (runAfterCommit never throws).
  if (done.completion) void runAfterCommit(deps, done.completion);
  return group.map((p) => {
    const paymentId = done.paymentOf.get(p.orderId);
    return paymentId === undefined ? null : { payment_id: paymentId, status: 'complete', order_id: p.orderId };
  });
}

/** Step 4: the wallet's rules for a claimed order, in their order; a group of several hears only that someone was refused. */
async function refuseClaimed(tx: Tx, { order, paid }: ClaimedOrder, debited: boolean, groupSize: number, now: Date): Promise<void> {
  const cashSupported = paid.every(({ line }) => line.cashPayable);
  if (cashSupported && debited) return;
  if (groupSize > 1) throw new RefusedInGroup();
  return refuseWallet(tx, order, now, cashSupported);
}

/**
 * Steps 1–3 in one statement: each order's pay lock taken for the transaction (where PostgreSQL shares it with the
 * session locks, docs/decisions/0050 "The wallet's lock is its transaction's"), orders' claim of every order whose
 * lock was taken (`claimManySqlParts`), accounts' debit of every
 * claimed order's total (`walletDebitsCtes`), any unfinished gateway attempt ended and each succeeded payment
 * recorded; per claimed order its answer columns, its payment and whether its debit fitted.
 */
const payAllStatement = new PreparedSql('payments_wallet', () => payAllSql());

function payAllSql(): SQL {
  // The orders whose pay lock this transaction took (order-access.ts): only they are claimed; the others are answered
  // null, and their buyers take the careful path under the session lock, waiting for whoever holds it.
  const { cte, answer } = claimManySqlParts({ only: sql`select order_id from pay_locked` });
  const at = sql`${slot('nowText')}::timestamptz`;
  const columns = [
    payments.orderId, payments.accountId, payments.area, payments.method, payments.paymentFrom, payments.outTradeNo, payments.amount, payments.currency,
    payments.state, payments.createdAt, payments.paidAt, payments.updatedAt,
  ].map((column) => sql.identifier(column.name));
  return sql`with pay_locked as materialized (
      select order_id from unnest(${slot('orderIds')}::bigint[], ${slot('lockKeys')}::text[]) as lock(order_id, key)
      where ${tryTransactionLockSql(sql`lock.key`)}),
    ${cte},
    debits as (select account_id, currency, total_amount as amount, id as order_id from claimed),
    ${walletDebitsCtes(sql`debits`, slot('nowText'))},
    canceled as (
      update ${payments} set state = 'canceled', updated_at = ${slotSql('now')}
      where ${payments.orderId} in (select id from claimed) and ${payments.state} = 'created'),
    paid as (
      insert into ${payments} (${sql.join(columns, sql`, `)})
      select claimed.id, claimed.account_id, claimed.area, 'wallet', asked.payment_from, asked.out_trade_no, claimed.total_amount, claimed.currency,
        'succeeded', ${at}, ${at}, ${at}
      from claimed join unnest(${slot('orderIds')}::bigint[], ${slot('paymentFroms')}::text[], ${slot('outTradeNos')}::text[]) as asked(order_id, payment_from, out_trade_no)
        on asked.order_id = claimed.id
      returning id, order_id)
    select ${answer}, (select id from paid where paid.order_id = claimed.id) as payment_id,
      exists (select from wallet_debits d where d.order_id = claimed.id) as debited
    from claimed`;
}
