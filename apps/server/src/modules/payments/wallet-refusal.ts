import { walletPayRefusal } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import { assertNoRecoveryHold, walletOf } from '../accounts/index.ts';
import type { OrderRecord } from '../orders/index.ts';

/**
 * Why the wallet did not pay an order (a line sold for points only, or a debit that did not fit), in the listing's words (domain's walletPayRefusal,
 * the one rule). The recovery hold comes first, with its end: within 15 days of an appeal's reset the wallet
 * spends nothing (docs/product/accounts.md#recovery-hold), and the debit's own statement checked it under the
 * account row's lock (accounts' walletDebitCtes). A balance that fits again by now (a top-up committed since)
 * is still the short balance the debit saw.
 */
export async function refuseWallet(db: DbOrTx, order: Pick<OrderRecord, 'accountId' | 'currency' | 'totalAmount'>, now: Date, cashSupported = true): Promise<never> {
  // The rule's first reason needs no read: a line sold for points only is refused whatever the wallet holds.
  const first = walletPayRefusal({ cashSupported, walletFrozen: false, balance: order.totalAmount, total: order.totalAmount });
  if (first) throw fail.unprocessable('payment_method', first);
  await assertNoRecoveryHold(db, order.accountId, now, 'payment_method');
  const wallet = await walletOf(db, order.accountId, order.currency);
  const reason = walletPayRefusal({ cashSupported, walletFrozen: wallet.status === 'frozen', balance: wallet.balance, total: order.totalAmount });
  throw fail.unprocessable('payment_method', reason ?? 'insufficient_balance');
}
