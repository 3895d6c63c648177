import { and, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { WalletEntriesResponse } from '@lantern/contract';
import { toTimestamp } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/json-rows.ts';
import type { Bindable } from '../../platform/db/prepared.ts';
import { accounts, walletEntries, wallets } from './tables.ts';
import { recoveryHoldOf } from './appeal-support.ts';

type WalletCurrency = (typeof wallets.$inferSelect)['currency'];

export interface WalletView {
  balance: number;
  status: 'active' | 'frozen';
}

/** The account's wallet in one currency; an account that never had one has an empty, active wallet. */
export async function walletOf(db: DbOrTx, accountId: number, currency: WalletCurrency): Promise<WalletView> {
  const [row] = await db.select({ balance: wallets.balance, status: wallets.status }).from(wallets)
    .where(and(eq(wallets.accountId, accountId), eq(wallets.currency, currency))).limit(1);
  return row ?? { balance: 0, status: 'active' };
}

export type DebitResult = { ok: true; balanceAfter: number } | { ok: false; reason: 'recovery_hold' | 'wallet_frozen' | 'insufficient_balance' };

/**
 * Pays an order from the wallet, in the caller's transaction. The debit is one conditional UPDATE
 * (active and enough balance), so concurrent debits can never take the balance below zero; the ledger
 * row's unique (order, reason) key makes a second payment of the same order from the wallet impossible.
 */
export async function debitWalletForOrder(
  tx: DbOrTx, debit: WalletDebit,
): Promise<DebitResult> {
  const [row] = await rowsOf<{ balance_after: number | string }>(tx, sql`with ${walletDebitCtes(tx, debit)} select balance_after from wallet_debit`);
  if (!row) return { ok: false, reason: (await recoveryHoldOf(tx, debit.accountId, debit.now)) ? 'recovery_hold' : await walletRefusal(tx, debit.accountId, debit.currency) };
  return { ok: true, balanceAfter: Number(row.balance_after) };
}

export interface WalletDebit {
  accountId: number;
  currency: WalletCurrency;
  amount: number;
  orderId: number;
  now: Date;
}

/**
 * A debit's terms as values, as the placeholders of a prepared statement (`now` then filled with its ISO
 * text), or as SQL the caller's statement computes (the amount of an order it claims in the same statement).
 */
export type WalletDebitTerms = { [K in keyof WalletDebit]: Bindable<WalletDebit[K]> | SQL };

/**
 * `debitWalletForOrder` as CTEs, for a caller that records its side of the payment in the same statement:
 * `wallet_debit` holds one row (`balance_after`) when the debit went through and none when it did not fit
 * (`walletRefusal` then says why). The ledger row is written from what the conditional UPDATE answered, so
 * a debit that does not fit writes nothing at all.
 *
 * The recovery hold (docs/product/accounts.md#recovery-hold) is part of the same statement: `unheld` takes a
 * share lock on the account's row only while no hold applies, and the debit needs that row. An appeal's reset
 * updates the row, so the two are ordered by the lock: a payment that locked first commits before the reset may
 * write the hold, and one that waited reads the hold the reset committed and debits nothing
 * (docs/decisions/0044-account-appeals.md, "The recovery hold lives on the account").
 */
export function walletDebitCtes(tx: DbOrTx, debit: WalletDebitTerms): SQL {
  const at = debit.now instanceof Date ? debit.now.toISOString() : debit.now;
  const debited = tx.update(wallets)
    .set({ balance: sql`${wallets.balance} - ${debit.amount}` })
    .where(and(
      eq(wallets.accountId, debit.accountId), eq(wallets.currency, debit.currency), eq(wallets.status, 'active'), gte(wallets.balance, debit.amount),
      sql`exists (select from unheld)`,
    ))
    .returning({ balance: wallets.balance })
    .getSQL();
  return sql`${unheldCte(sql`${debit.accountId}::bigint`, at)}, debited as (${debited}), wallet_debit as (
    insert into ${walletEntries} (account_id, currency, delta, balance_after, reason, order_id, created_at)
    select ${debit.accountId}::bigint, ${debit.currency}::text, -(${debit.amount}::bigint), debited.balance, 'order_payment', ${debit.orderId}::bigint, ${at}::timestamptz
    from debited
    returning balance_after)`;
}

/**
 * `unheld`: the ids of these accounts that no recovery hold covers at `now`, each row share-locked. The lock
 * conflicts with the reset's UPDATE of the row; after waiting for one, PostgreSQL reads the row again and drops it
 * if the hold now applies (READ COMMITTED's re-check of a locked row).
 */
function unheldCte(accountIds: SQL, now: Bindable<string> | SQL | string): SQL {
  const held = sql`${accounts.recoveryHoldUntil} is not null and ${accounts.recoveryHoldUntil} > ${now}::timestamptz`;
  return sql`unheld as (select ${accounts.id} from ${accounts} where ${accounts.id} in (${accountIds}) and not (${held}) for share of ${accounts})`;
}

/**
 * `walletDebitCtes` for several accounts at once (payments made together): `debits` names a relation of the
 * caller's statement with the columns account_id, currency, amount and order_id, at most one row per account.
 * Each debit is the same conditional UPDATE, recovery-hold lock and ledger row as one alone; `wallet_debits`
 * holds the order_id of each that went through and nothing for one that did not fit.
 */
export function walletDebitsCtes(debits: SQL, now: Bindable<string> | SQL): SQL {
  return sql`${unheldCte(sql`select account_id from ${debits}`, now)}, debited as (
    update ${wallets} set balance = ${wallets.balance} - d.amount
    from ${debits} d
    where ${wallets.accountId} = d.account_id and ${wallets.currency} = d.currency and ${wallets.status} = 'active' and ${wallets.balance} >= d.amount
      and d.account_id in (select id from unheld)
    returning d.account_id, d.currency, d.amount, d.order_id, ${wallets.balance} as balance
  ), wallet_debits as (
    insert into ${walletEntries} (account_id, currency, delta, balance_after, reason, order_id, created_at)
    select account_id, currency, -amount, balance, 'order_payment', order_id, ${now}::timestamptz
    from debited
    returning order_id)`;
}

/** Why a wallet debit did not fit: the wallet is frozen, or its balance is short. */
export async function walletRefusal(db: DbOrTx, accountId: number, currency: WalletCurrency): Promise<'wallet_frozen' | 'insufficient_balance'> {
  return (await walletOf(db, accountId, currency)).status === 'frozen' ? 'wallet_frozen' : 'insufficient_balance';
}

/**
 * Adds money to a wallet (top-up, refund, adjustment, a red packet's part: docs/product/deals.md#red-packet-value, a
 * distribution commission paid out: docs/product/distribution.md#payout)
 * with its ledger row, in the caller's transaction; makes the wallet if it is the first.
 */
export async function creditWallet(
  tx: DbOrTx,
  credit: { accountId: number; currency: WalletCurrency; amount: number; reason: 'top_up' | 'refund' | 'adjustment' | 'red_packet' | 'commission'; orderId?: number; now: Date },
): Promise<number> {
  const [row] = await tx.insert(wallets)
    .values({ accountId: credit.accountId, currency: credit.currency, balance: credit.amount })
    .onConflictDoUpdate({ target: [wallets.accountId, wallets.currency], set: { balance: sql`${wallets.balance} + ${credit.amount}` } })
    .returning({ balance: wallets.balance });
  await tx.insert(walletEntries).values({
    accountId: credit.accountId, currency: credit.currency, delta: credit.amount, balanceAfter: row!.balance, reason: credit.reason,
    orderId: credit.orderId ?? null, createdAt: credit.now,
  });
  return row!.balance;
}

/**
 * GET /api/me/wallet_entries: the ledger of the account's wallet in this site's currency, newest first, with the
 * balance and status it adds up to (docs/product/accounts.md#wallet). Top-ups, payments and refunds are all
 * rows of `wallet_entries`, written in the transaction that moved the balance, so the newest row's
 * `balance_after` is the balance.
 */
export async function walletLedger(db: DbOrTx, accountId: number, currency: WalletCurrency, page: number, per: number): Promise<WalletEntriesResponse> {
  const mine = and(eq(walletEntries.accountId, accountId), eq(walletEntries.currency, currency));
  const [rows, [total], wallet] = await Promise.all([
    db.select().from(walletEntries).where(mine).orderBy(desc(walletEntries.id)).limit(per).offset((page - 1) * per),
    db.select({ n: count(), recorded: sql<string>`coalesce(sum(${walletEntries.delta}), 0)` }).from(walletEntries).where(mine),
    walletOf(db, accountId, currency),
  ]);
  return {
    wallet_entries: rows.map((r) => ({
      id: r.id, delta: r.delta, balance_after: r.balanceAfter, reason: r.reason, order_id: r.orderId, created_at_timestamp: toTimestamp(r.createdAt),
    })),
    meta: { total_count: total?.n ?? 0, page, per, balance: wallet.balance, recorded_balance: Number(total?.recorded ?? 0), currency, status: wallet.status },
  };
}

/**
 * Many accounts' `creditWallet` in one statement (each account once), for a group that commits many openings
 * at once (modules/red-packets/open-group.ts): every balance raised (the wallet made if it is the first
 * credit) and its ledger row written with the balance it gives. Answers the balance after, by account.
 */
export async function creditWallets(
  tx: DbOrTx,
  credits: readonly { accountId: number; amount: number }[],
  common: { currency: WalletCurrency; reason: 'red_packet'; now: Date },
): Promise<Map<number, number>> {
  if (credits.length === 0) return new Map();
  const ids = credits.map((c) => c.accountId);
  const amounts = credits.map((c) => c.amount);
  const written = (await tx.execute(sql`
    WITH c AS (SELECT * FROM unnest(${sql.param(ids)}::bigint[], ${sql.param(amounts)}::bigint[]) AS c(account_id, amount)),
    raised AS (
      INSERT INTO ${wallets} (account_id, currency, balance) SELECT account_id, ${common.currency}, amount FROM c
      ON CONFLICT (account_id, currency) DO UPDATE SET balance = ${wallets}.balance + excluded.balance
      RETURNING account_id, balance
    )
    INSERT INTO ${walletEntries} (account_id, currency, delta, balance_after, reason, order_id, created_at)
    SELECT raised.account_id, ${common.currency}, c.amount, raised.balance, ${common.reason}, NULL, ${common.now.toISOString()}::timestamptz
    FROM raised JOIN c USING (account_id)
    RETURNING account_id, balance_after`)) as unknown as { rows: { account_id: string | number; balance_after: string | number }[] };
  return new Map(written.rows.map((r) => [Number(r.account_id), Number(r.balance_after)]));
}
