import { isPurchaseBlocked } from '@lantern/domain';
import { AppError } from '../../../platform/errors.ts';
import { findAccount } from '../../accounts/index.ts';
import type { Deps } from '../../../platform/deps.ts';
import type { Tx } from '../../../platform/db/client.ts';
import type { CheckoutBuyer } from './context.ts';

/**
 * The account-wide rules of order generation, checked before anything about the SKUs is said: a buyer
 * whose address is outside the site's market is refused (403 `ip: purchase_blocked`, the web goes to
 * /ip_error), and an account staff barred from buying gets 403 `account: purchase_ban` (the web shows
 * its disable-buy message). Read under the buyer's lock, so a ban that committed first is always seen.
 */
export async function validateBuyer(tx: Tx, deps: Deps, buyer: Pick<CheckoutBuyer, 'accountId' | 'area' | 'ip'>): Promise<void> {
  refuseBlockedMarket(deps, buyer);
  const account = await findAccount(tx, buyer.accountId);
  if (account?.purchaseBannedAt) throw purchaseBan();
}

/** The market rule alone (no read): the first of the account-wide rules. */
export function refuseBlockedMarket(deps: Deps, buyer: Pick<CheckoutBuyer, 'area' | 'ip'>): void {
  if (buyer.ip !== null && isPurchaseBlocked(buyer.area, deps.geoip.countryOf(buyer.ip))) throw new AppError(403, { ip: ['purchase_blocked'] });
}

export const purchaseBan = () => new AppError(403, { account: ['purchase_ban'] });
