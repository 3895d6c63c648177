import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { SITES } from '@lantern/domain';
import type { PayResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';
import { PreparedSql, slot, slotSql } from '../../platform/db/prepared.ts';
import { fail } from '../../platform/errors.ts';
import type { GatewayMethod } from '../../platform/payment-gateway.ts';
import { spendScore, walletDebitCtes } from '../accounts/index.ts';
import {
  claimOrderForPayment, completePaidOrder, expireOrders, fulfilClaimedOrder, runAfterCommit, type ClaimedOrder, type CompletionOutcome, type OrderRecord,
} from '../orders/index.ts';
import { isGatewayMethod, loadPaymentFacts, paymentOptions } from './methods.ts';
import { IN_STORE_PAY_WAIT_MS, payerOrder, withPayLock, type Payer } from './order-access.ts';
import { newOutTradeNo, type PayInput } from './pay-input.ts';
import { payments } from './tables.ts';
import { payFromWalletAlone, type WalletPay } from './wallet-pay.ts';
import { refuseWallet } from './wallet-refusal.ts';

/** The path the gateway sends the buyer back to; the web's checkout page polls pay_query from there. */
export const returnPath = (orderId: number, paymentId: number) => `/orders/${orderId}/checkout?payment_id=${paymentId}`;

/** A newer attempt replaces an unfinished one; if the old one is still paid at the gateway, its notification is still honoured. */
async function cancelOpenAttempts(tx: Tx, orderId: number, now: Date) {
  await tx.update(payments).set({ state: 'canceled', updatedAt: now }).where(and(eq(payments.orderId, orderId), eq(payments.state, 'created')));
}

/**
 * The buyer canceled at the gateway (the sandbox's Cancel; a real gateway's "trade closed"): the attempt
 * becomes `canceled`, so pay_query answers at once instead of pending. Only a `created` attempt moves —
 * money that arrived (succeeded, refunded) or a failure already told is never rewritten, and a paid
 * notification that comes later still applies (notifications.ts). One conditional UPDATE: a notification
 * holding the row commits first, and the condition is then read again. Answers whether it moved.
 */
export async function cancelGatewayAttempt(deps: Deps, outTradeNo: string): Promise<boolean> {
  const now = deps.clock.now();
  const moved = await deps.db.update(payments).set({ state: 'canceled', failureReason: 'buyer_canceled', updatedAt: now })
    .where(and(eq(payments.outTradeNo, outTradeNo), eq(payments.state, 'created')))
    .returning({ id: payments.id });
  return moved.length > 0;
}

/**
 * PATCH /api/orders/{id}/pay (docs/product/buying.md#pay). Under the order's pay lock and row lock: the order must be
 * payable (422 `state`), unchanged since the buyer saw it (409 `version: stale`) and the method available
 * (422 `payment_method`). A gateway method records a `created` attempt and answers the signed redirect;
 * wallet and points take the money and complete the order in one transaction.
 *
 * A wallet or points call repeated after its answer was lost is answered as the first was (docs/decisions/0057):
 * it waits for a pay call of the order still running (`IN_STORE_PAY_WAIT_MS`, then 409 busy), and an order
 * completed by the account's succeeded payment in that method answers that payment, not 422 `state: completed`.
 */
export async function payOrder(deps: Deps, payer: Payer, orderId: number, input: PayInput, fromWallet: WalletPay = payFromWalletAlone(deps)): Promise<PayResponse> {
  const now = deps.clock.now();
  // The wallet's common path takes the pay lock inside its own transaction and statement (wallet-pay.ts) where
  // that lock excludes the session lock's holders (PostgreSQL): no statement of its own, and it ends with the
  // transaction (docs/decisions/0050). Not claimed — lock held, or an order the claim does not match — it goes on
  // to the careful path below, under the session lock (waiting for a holder: docs/decisions/0057).
  const walletFirst = input.payment_method === 'wallet' && deps.locks.sharedWithTransactions;
  if (walletFirst) {
    const paid = await fromWallet(payer, orderId, input, now);
    if (paid) return paid;
  }
  return withPayLock(deps.locks, orderId, async () => {
    if (!isGatewayMethod(input.payment_method) && !walletFirst) {
      const paid = input.payment_method === 'wallet' ? await fromWallet(payer, orderId, input, now) : await payWithPointsAtOnce(deps, payer, orderId, input, now);
      if (paid) return paid;
    }
    // The careful path: a gateway method, or an order the one-statement claim did not match (someone
    // else's, ended, expired, stale). An order past its window becomes canceled (and its coupon returns)
    // here, before it is answered.
    await expireOrders(deps, now, { accountId: payer.accountId });
    await payerOrder(deps.db, payer, orderId);
    return payWithChecks(deps, payer, orderId, input, now);
  }, { waitMs: isGatewayMethod(input.payment_method) ? 0 : IN_STORE_PAY_WAIT_MS });
}

/**
 * Points on the common path: the buyer's own payable order is claimed and completed by one conditional UPDATE
 * (orders' claimOrderForPayment), and the points are spent and the payment recorded in the same transaction; an
 * order not payable in points, or points that do not fit, throws and rolls the claim back with everything else.
 * Answers null when the claim matched nothing, for the careful path to say why
 * (docs/decisions/0010-checkout-at-speed.md). The wallet's common path is wallet-pay.ts.
 */
async function payWithPointsAtOnce(deps: Deps, payer: Payer, orderId: number, input: PayInput, now: Date): Promise<PayResponse | null> {
  const done = await deps.db.transaction(async (tx) => {
    const claimed = await claimOrderForPayment(tx, payer, orderId, input.version, now);
    if (!claimed) return null;
    const amount = pointsAmountOf(claimed);
    return takeInStore(tx, deps, claimed.order, 'points', amount, input, now, () => fulfilClaimedOrder(tx, deps, claimed, now));
  });
  if (!done) return null;
  // Not awaited: the buyer's answer does not wait for the supplier (runAfterCommit never throws).
  void runAfterCommit(deps, done.completion);
  return { payment_id: done.paymentId, status: 'complete', order_id: orderId };
}

/** What a claimed order costs in points, with the listing's refusal when a line has no points price (paymentOptions). */
function pointsAmountOf({ paid }: ClaimedOrder): number {
  const pointsAmount = paid.reduce<number | null>((sum, { line }) => (sum === null || line.pointsPrice === null ? null : sum + line.pointsPrice * line.quantity), 0);
  if (pointsAmount === null) throw fail.unprocessable('payment_method', 'points_unsupported');
  return pointsAmount;
}

async function payWithChecks(deps: Deps, payer: Payer, orderId: number, input: PayInput, now: Date): Promise<PayResponse> {
  const started = await deps.db.transaction(async (tx) => {
    const order = await payerOrder(tx, payer, orderId, { lock: true });
    const facts = await loadPaymentFacts(tx, order, now);
    if (facts.unpayable === 'completed' && !isGatewayMethod(input.payment_method)) {
      const repeated = await succeededInStorePayment(tx, order, input.payment_method);
      if (repeated !== null) return { kind: 'repeated' as const, paymentId: repeated };
    }
    if (facts.unpayable) throw fail.unprocessable('state', facts.unpayable);
    if (order.version !== input.version) throw fail.conflict('version', 'stale');
    const option = paymentOptions(facts, deps.paymentGateways).find((o) => o.method === input.payment_method);
    if (!option) throw fail.unprocessable('payment_method', 'invalid');
    if (!option.available) throw fail.unprocessable('payment_method', option.reason ?? 'invalid');

    const method = input.payment_method;
    if (isGatewayMethod(method)) {
      await cancelOpenAttempts(tx, order.id, now);
      // Available (checked above) means some gateway takes it here; the attempt remembers which.
      const gateway = deps.paymentGateways.gatewayFor(order.area, method)!;
      return { kind: 'gateway' as const, order, method, gateway, payment: await insertAttempt(tx, order, method, gateway.name, input, now) };
    }
    const amount = method === 'points' ? facts.pointsAmount ?? 0 : order.totalAmount;
    return { kind: 'paid' as const, ...(await payInStore(tx, deps, order, method, amount, input, now)) };
  });

  if (started.kind === 'repeated') return { payment_id: started.paymentId, status: 'complete', order_id: orderId };
  if (started.kind === 'paid') {
    // Not awaited: the buyer's answer does not wait for the supplier (runAfterCommit never throws).
    void runAfterCommit(deps, started.completion);
    return { payment_id: started.paymentId, status: 'complete', order_id: orderId };
  }
  const { order, method, gateway, payment } = started;
  try {
    const site = SITES[order.area];
    const siteUrl = deps.config.siteUrls[order.area];
    const checkout = await gateway.createCheckout({
      method, outTradeNo: payment.outTradeNo, amount: payment.amount, currency: order.currency, area: order.area, language: site.language,
      subject: site.language === 'zh-CN' ? `Lantern 订单 ${order.id}` : `Lantern order ${order.id}`,
      siteUrl,
      returnUrl: returnPath(order.id, payment.id),
      notifyUrl: `${siteUrl}/api/payments/notify/${gateway.name}`,
    });
    return { payment_id: payment.id, ...checkout };
  } catch (err) {
    // The gateway could not open a checkout: the attempt is over, the order stays payable.
    await deps.db.update(payments).set({ state: 'failed', failureReason: 'checkout_failed', updatedAt: deps.clock.now() })
      .where(and(eq(payments.id, payment.id), eq(payments.state, 'created')));
    throw err;
  }
}

/**
 * The succeeded payment of the order in a store method by the order's own account, if that is how it was paid:
 * a repeat of that pay call is answered with it. A gateway payment is not answered this way (its first answer was
 * a redirect that cannot be given again); the web reads 422 `state: completed` as paid.
 */
async function succeededInStorePayment(tx: Tx, order: OrderRecord, method: 'wallet' | 'points'): Promise<number | null> {
  const [row] = await tx.select({ id: payments.id }).from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.accountId, order.accountId), eq(payments.method, method), eq(payments.state, 'succeeded')))
    .orderBy(desc(payments.id)).limit(1);
  return row ? row.id : null;
}

async function insertAttempt(tx: Tx, order: OrderRecord, method: GatewayMethod, gateway: string, input: PayInput, now: Date) {
  const [payment] = await tx.insert(payments).values({
    orderId: order.id, accountId: order.accountId, area: order.area, method, gateway, paymentFrom: input.payment_from, outTradeNo: newOutTradeNo(now),
    amount: order.totalAmount, currency: order.currency, state: 'created', createdAt: now, updatedAt: now,
  }).returning();
  return payment!;
}

/**
 * Wallet and points: the conditional debit, the succeeded payment and the completion in the caller's
 * transaction, so the money moves exactly when the order completes. A debit that no longer fits (the
 * balance changed since the check) is the same 422 as the listing would have said.
 */
async function payInStore(tx: Tx, deps: Deps, order: OrderRecord, method: 'wallet' | 'points', amount: number, input: PayInput, now: Date): Promise<{ paymentId: number; completion: CompletionOutcome }> {
  return takeInStore(tx, deps, order, method, amount, input, now, async () => {
    const completion = await completePaidOrder(tx, deps, order.id, now);
    // The order row is locked and was checked payable above, so anything else is a bug: roll the money back.
    if (completion.outcome !== 'completed') throw new Error(`order ${order.id} could not complete under its own lock: ${completion.outcome}`);
    return completion;
  });
}

/**
 * Takes the money (a conditional debit or spend that refuses with the listing's reason), records the
 * succeeded payment — ending any unfinished gateway attempt, and for the wallet debiting it, in the same
 * statement — and completes the order.
 */
async function takeInStore(
  tx: Tx, deps: Deps, order: OrderRecord, method: 'wallet' | 'points', amount: number, input: PayInput, now: Date, complete: () => Promise<CompletionOutcome>,
): Promise<{ paymentId: number; completion: CompletionOutcome }> {
  if (method === 'points' && !(await spendScore(tx, order.accountId, amount, 'order_payment', { type: 'order', id: order.id }))) {
    throw fail.unprocessable('payment_method', 'insufficient_points');
  }
  // The wallet's debit (accounts' conditional UPDATE and ledger row) in the statement that records the
  // payment; a debit that did not fit leaves `debited` false, and the throw rolls the payment back.
  const [payment] = await recordInStorePayment[method].rows<{ id: number | string; debited: boolean }>(tx, {
    orderId: order.id, accountId: order.accountId, area: order.area, method, paymentFrom: input.payment_from, outTradeNo: newOutTradeNo(now),
    amount, currency: method === 'points' ? 'POINTS' : order.currency, now, nowText: now.toISOString(),
  });
  if (!payment!.debited) return refuseWallet(tx, order, now);
  return { paymentId: Number(payment!.id), completion: await complete() };
}

/**
 * The statement of `takeInStore`, built once per method: any unfinished gateway attempt of the order
 * ended, the succeeded payment inserted and, for the wallet, the debit and its ledger row (accounts'
 * walletDebitCtes, in the payment's currency) — `debited` says whether it fitted.
 */
const recordInStorePayment = {
  wallet: new PreparedSql('payments_record_wallet', (db) => recordInStoreSql(db, 'wallet')),
  points: new PreparedSql('payments_record_points', (db) => recordInStoreSql(db, 'points')),
};

function recordInStoreSql(db: DbOrTx, method: 'wallet' | 'points'): SQL {
  const now = slot('now');
  const canceled = db.update(payments).set({ state: 'canceled', updatedAt: slotSql('now') }).where(and(eq(payments.orderId, slot('orderId')), eq(payments.state, 'created'))).getSQL();
  const debit = method === 'wallet'
    ? walletDebitCtes(db, { accountId: slot('accountId'), currency: slot('currency'), amount: slot('amount'), orderId: slot('orderId'), now: slot('nowText') })
    : null;
  const inserted = db.insert(payments).values({
    orderId: slot('orderId'), accountId: slot('accountId'), area: slot('area'), method: slot('method'), paymentFrom: slot('paymentFrom'), outTradeNo: slot('outTradeNo'),
    amount: slot('amount'), currency: slot('currency'), state: 'succeeded', createdAt: now, paidAt: now, updatedAt: now,
  }).returning({ id: payments.id, debited: (debit ? sql<boolean>`exists (select from wallet_debit)` : sql<boolean>`true`).as('debited') }).getSQL();
  return sql`with ${debit ? sql`${debit}, ` : sql``}canceled as (${canceled}) ${inserted}`;
}
