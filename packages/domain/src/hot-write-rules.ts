import { isGameKind, lacksBaseGame } from './product-kinds.ts';

/**
 * The refusal rules of the store's two hot writes — placing an order and paying it from the wallet — each
 * written once. However the server runs a write (one buyer, or a group of buyers at the same moment sharing
 * their statements), it reads these facts and asks these functions, so a buyer is answered the same in a rush
 * as when the store is quiet (docs/product/buying.md#account-rules, #pay).
 */

/** What the account-wide rules of placing an order are decided on (read under the buyer's lock). */
export interface PlacingAccountFacts {
  /** The buyer's address is outside the site's market (`isPurchaseBlocked`). */
  readonly marketBlocked: boolean;
  /** Staff barred the account from buying. */
  readonly banned: boolean;
}

/**
 * The account-wide rules, in the order they are said: the market first (403 `ip: purchase_blocked`), then the
 * purchase ban (403 `account: purchase_ban`). Null when neither applies; the SKU rules come after them.
 */
export function placingAccountRefusal(facts: PlacingAccountFacts): { field: 'ip'; reason: 'purchase_blocked' } | { field: 'account'; reason: 'purchase_ban' } | null {
  if (facts.marketBlocked) return { field: 'ip', reason: 'purchase_blocked' };
  if (facts.banned) return { field: 'account', reason: 'purchase_ban' };
  return null;
}

/** A line of an order as the ownership rules see it. */
export interface OwnershipLine {
  readonly skuId: number;
  readonly productId: number;
  readonly kind: string;
  readonly baseProductId: number | null;
}

/** How the account holds a product: a line of a completed order, or of an unpaid order inside its window. */
export type Holding = 'owned' | 'locked';

/**
 * The rules about what the account already has, for games, DLC and bundles, per line: `owned` (it owns the
 * product), `locked` (an unpaid order of its holds it: the order game lock), `has_no_base` (a DLC whose base is
 * neither owned nor in the same order). Answers each refused line with its reasons, in the lines' order.
 */
export function ownershipProblems(lines: readonly OwnershipLine[], held: ReadonlyMap<number, Holding>): { skuId: number; reason: Holding | 'has_no_base' }[] {
  const ordered = new Set(lines.map((l) => l.productId));
  const owned = new Set([...held].filter(([, holding]) => holding === 'owned').map(([productId]) => productId));
  const problems: { skuId: number; reason: Holding | 'has_no_base' }[] = [];
  for (const line of lines) {
    if (!isGameKind(line.kind)) continue;
    const holding = held.get(line.productId);
    if (holding) problems.push({ skuId: line.skuId, reason: holding });
    if (lacksBaseGame(line, owned, ordered)) problems.push({ skuId: line.skuId, reason: 'has_no_base' });
  }
  return problems;
}

/** The products whose holding decides the ownership rules: the ordered games' own and the bases of DLC (empty: no rule applies). */
export function ownershipProductIds(lines: readonly OwnershipLine[]): number[] {
  const games = lines.filter((l) => isGameKind(l.kind));
  if (games.length === 0) return [];
  return [...games.map((l) => l.productId), ...games.map((l) => l.baseProductId).filter((id): id is number => id !== null)];
}

/** What the wallet's refusals of an order are decided on. */
export interface WalletPayFacts {
  /** False when a line is sold for points only. */
  readonly cashSupported: boolean;
  readonly walletFrozen: boolean;
  readonly balance: number;
  readonly total: number;
}

/**
 * The wallet's refusals of an order that may be paid, in the order they are said: a line sold for points only
 * (`cash_unsupported`), a frozen wallet (`wallet_frozen`), a balance short of the total (`insufficient_balance`).
 * The listing of methods and the pay call both answer from this (the pay call after its debit did not fit).
 */
export function walletPayRefusal(facts: WalletPayFacts): 'cash_unsupported' | 'wallet_frozen' | 'insufficient_balance' | null {
  if (!facts.cashSupported) return 'cash_unsupported';
  if (facts.walletFrozen) return 'wallet_frozen';
  if (facts.balance < facts.total) return 'insufficient_balance';
  return null;
}
