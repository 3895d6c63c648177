import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { walletEntries, wallets } from './tables.ts';

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

export type DebitResult = { ok: true; balanceAfter: number } | { ok: false; reason: 'wallet_frozen' | 'insufficient_balance' };

/**
 * Pays an order from the wallet, in the caller's transaction. The debit is one conditional UPDATE
 * (active and enough balance), so concurrent debits can never take the balance below zero; the ledger
 * row's unique (order, reason) key makes a second payment of the same order from the wallet impossible.
 */
export async function debitWalletForOrder(
  tx: DbOrTx, debit: { accountId: number; currency: WalletCurrency; amount: number; orderId: number; now: Date },
): Promise<DebitResult> {
  const [row] = await tx.update(wallets)
    .set({ balance: sql`${wallets.balance} - ${debit.amount}` })
    .where(and(eq(wallets.accountId, debit.accountId), eq(wallets.currency, debit.currency), eq(wallets.status, 'active'), gte(wallets.balance, debit.amount)))
    .returning({ balance: wallets.balance });
  if (!row) {
    const wallet = await walletOf(tx, debit.accountId, debit.currency);
    return { ok: false, reason: wallet.status === 'frozen' ? 'wallet_frozen' : 'insufficient_balance' };
  }
  await tx.insert(walletEntries).values({
    accountId: debit.accountId, currency: debit.currency, delta: -debit.amount, balanceAfter: row.balance, reason: 'order_payment',
    orderId: debit.orderId, createdAt: debit.now,
  });
  return { ok: true, balanceAfter: row.balance };
}

/** Adds money to a wallet (top-up, refund, adjustment) with its ledger row; makes the wallet if it is the first. */
export async function creditWallet(
  tx: DbOrTx,
  credit: { accountId: number; currency: WalletCurrency; amount: number; reason: 'top_up' | 'refund' | 'adjustment'; orderId?: number; now: Date },
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
