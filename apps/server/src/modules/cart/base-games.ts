import type { DbOrTx } from '../../platform/db/client.ts';

/**
 * Which of some products an account owns. The cart needs it to refuse a DLC without its base game when it
 * is added (docs/product/buying.md#dlc-base), but ownership is the orders' to say and orders sit above the
 * cart (a cart order empties the cart), so orders registers the answer here rather than the cart importing it.
 */
export type OwnedProducts = (db: DbOrTx, accountId: number, productIds: readonly number[], now: Date) => Promise<ReadonlySet<number>>;

let ownedProducts: OwnedProducts | null = null;

export function registerOwnedProducts(read: OwnedProducts): void {
  ownedProducts = read;
}

/**
 * The products of `productIds` the account owns. Without a registered reader (the cart on its own, in a
 * build without orders) nothing is owned, so a DLC is refused until its base is in the cart: failing closed,
 * as checkout would refuse it anyway.
 */
export async function ownedOf(db: DbOrTx, accountId: number, productIds: readonly number[], now: Date): Promise<ReadonlySet<number>> {
  if (productIds.length === 0 || ownedProducts === null) return new Set();
  return ownedProducts(db, accountId, productIds, now);
}
