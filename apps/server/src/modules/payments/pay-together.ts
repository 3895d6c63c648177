import { sql, type SQL } from 'drizzle-orm';
import type { PayResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { isConnectionError } from '../../platform/db/client.ts';
import { PreparedSql, slot, slotSql } from '../../platform/db/prepared.ts';
import { GroupLanes } from '../../platform/group-lanes.ts';
import { walletDebitsCtes } from '../accounts/index.ts';
import { claimManySqlParts, claimedOrderOf, fulfilClaimedOrders, runAfterCommit, type ClaimRow, type ClaimedOrder } from '../orders/index.ts';
import type { Payer } from './order-access.ts';
import { inStoreAmount, newOutTradeNo, payInStoreAtOnce, type PayInput, type WalletPay } from './pay.ts';
import { payments } from './tables.ts';

interface WalletPayment {
  accountId: number;
  payer: Payer;
  orderId: number;
  input: PayInput;
  now: Date;
}

type Answer = PayResponse | null;

/**
 * The wallet payments of an instance's buyers made at the same moment, placed together as their orders are
 * (docs/decisions/0021-group-checkout.md, "Payments together"): buyers wait by site in group lanes; a buyer
 * alone pays by the one-order path (`payInStoreAtOnce`), a group in one transaction — one statement claims
 * every order, debits every wallet and records every payment, then the fulfilment steps run once for all
 * their lines (one key statement per SKU, one library insert). Anything a buyer alone would be refused for
 * (a debit that does not fit, a line not payable in cash) rolls the group back, and its buyers pay one by
 * one, each answered as alone; an order the claim did not match answers null, for the careful path.
 */
export function walletPaysTogether(deps: Deps): WalletPay {
  const lanes = new GroupLanes<WalletPayment, Answer, string>(deps.db, (db, _area, group) => payGroup({ ...deps, db }, group));
  return (payer, orderId, input, now) => lanes.submit(payer.area, { accountId: payer.accountId, payer, orderId, input, now });
}

/** A refusal one buyer of the group would get: the group is rolled back and its buyers pay one by one. */
class OneByOne extends Error {}

async function payGroup(deps: Deps, group: readonly WalletPayment[]): Promise<(Answer | Error)[]> {
  if (group.length > 1) {
    try {
      return await payTogether(deps, group);
    } catch (error) {
      // A broken connection is the lane's to handle; anything else (a refusal, a deadlock with another group
      // paying for the same accounts) is answered buyer by buyer, each as alone.
      if (isConnectionError(error)) throw error;
      if (!(error instanceof OneByOne)) deps.log.warn({ err: error, orders: group.map((p) => p.orderId) }, 'a group of wallet payments failed; paying them one by one');
    }
  }
  const answers: (Answer | Error)[] = [];
  for (const p of group) answers.push(await payInStoreAtOnce(deps, p.payer, p.orderId, 'wallet', p.input, p.now).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))));
  return answers;
}

async function payTogether(deps: Deps, group: readonly WalletPayment[]): Promise<Answer[]> {
  const now = group[0]!.now;
  const done = await deps.db.transaction(async (tx) => {
    const rows = await payAllStatement.rows<ClaimRow & { payment_id: number | string; debited: boolean }>(tx, {
      orderIds: group.map((p) => p.orderId), accountIds: group.map((p) => p.payer.accountId), versions: group.map((p) => p.input.version),
      paymentFroms: group.map((p) => p.input.payment_from), outTradeNos: group.map(() => newOutTradeNo(now)),
      area: group[0]!.payer.area, now, nowText: now.toISOString(),
    });
    const claimed: ClaimedOrder[] = [];
    const paymentOf = new Map<number, number>();
    for (const row of rows) {
      const order = claimedOrderOf(row, Number((row.order as { id: number | string }).id));
      if (!row.debited || !cashPayable(order)) throw new OneByOne();
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

function cashPayable(claimed: ClaimedOrder): boolean {
  try {
    inStoreAmount(claimed, 'wallet');
    return true;
  } catch {
    return false;
  }
}

/**
 * The group's one statement: orders' claim of every order (`claimManySqlParts`), accounts' debit of every
 * claimed order's total (`walletDebitsCtes`), any unfinished gateway attempt ended and each succeeded payment
 * recorded; per claimed order its answer columns, its payment and whether its debit fitted.
 */
const payAllStatement = new PreparedSql('payments_wallet_together', () => payAllSql());

function payAllSql(): SQL {
  const { cte, answer } = claimManySqlParts();
  const at = sql`${slot('nowText')}::timestamptz`;
  const columns = [
    payments.orderId, payments.accountId, payments.area, payments.method, payments.paymentFrom, payments.outTradeNo, payments.amount, payments.currency,
    payments.state, payments.createdAt, payments.paidAt, payments.updatedAt,
  ].map((column) => sql.identifier(column.name));
  return sql`with ${cte},
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
