import { isPurchaseBlocked, ownershipProblems, placingAccountRefusal } from '@lantern/domain';
import { AppError } from '../../../platform/errors.ts';
import { findAccount } from '../../accounts/index.ts';
import type { Deps } from '../../../platform/deps.ts';
import type { Tx } from '../../../platform/db/client.ts';
import type { CheckoutBuyer, CheckoutLine } from './context.ts';
import type { CheckoutProblems } from './problems.ts';
import type { PlacedStepsDue } from '../placed.ts';
import { heldFromRows, ownershipLine } from './validate-ownership.ts';

/** What the account-wide and ownership rules of one buyer are decided on, read under the buyer's lock. */
export interface AccountFacts {
  /** True when staff barred the account from buying. */
  banned: boolean;
  /** The rows of `heldProductsQuery` (product_id, state): how the account holds the ordered products. */
  held: readonly { productId: number; state: string }[];
  /** Per placed-order step with a `dueSql`, whether it may have anything to do (placed.ts); null: run them all. */
  placedStepsDue?: PlacedStepsDue | null;
}

/**
 * The refusal step of placing an order, the one place every way of placing asks (one buyer, a group): the
 * account-wide rules in their order — a buyer whose address is outside the site's market (403 `ip:
 * purchase_blocked`, the web goes to /ip_error), an account staff barred from buying (403 `account:
 * purchase_ban`) — then the ownership rules noted with the problems found so far (owned, locked, has_no_base),
 * answered together as one 422. The rules themselves are the domain's (hot-write-rules.ts). Null: none applies.
 */
export function placingRefusal(deps: Deps, buyer: Pick<CheckoutBuyer, 'area' | 'ip'>, facts: AccountFacts, lines: readonly CheckoutLine[], problems: CheckoutProblems): AppError | null {
  const account = accountRefusal(deps, buyer, facts.banned);
  if (account) return account;
  const held = heldFromRows(facts.held);
  for (const { skuId, reason } of ownershipProblems(lines.map(ownershipLine), held)) problems.sku(skuId, reason);
  return problems.asError();
}

function accountRefusal(deps: Deps, buyer: Pick<CheckoutBuyer, 'area' | 'ip'>, banned: boolean): AppError | null {
  const marketBlocked = buyer.ip !== null && isPurchaseBlocked(buyer.area, deps.geoip.countryOf(buyer.ip));
  const refusal = placingAccountRefusal({ marketBlocked, banned });
  return refusal && new AppError(403, { [refusal.field]: [refusal.reason] });
}

/**
 * The account-wide rules alone, for an order granted rather than placed (a redeemed code's game: grant-orders.ts),
 * read under the buyer's lock, so a ban that committed first is always seen.
 */
export async function validateBuyer(tx: Tx, deps: Deps, buyer: Pick<CheckoutBuyer, 'accountId' | 'area' | 'ip'>): Promise<void> {
  const account = await findAccount(tx, buyer.accountId);
  const refusal = accountRefusal(deps, buyer, account?.purchaseBannedAt != null);
  if (refusal) throw refusal;
}
