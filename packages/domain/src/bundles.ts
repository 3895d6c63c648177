/**
 * Bundle promotions and exploring queues (docs/product/deals.md#bundle-promotions,
 * docs/product/deals.md#exploring-queues): the rules the server enforces and the web shows before asking.
 */

import { effectiveSalePrice } from './pricing.ts';

/**
 * Splits `total` minor units across lines in proportion to `weights` (each line's regular price), by the
 * largest-remainder method: every line gets the floor of its exact share, then the units left over go one
 * each to the lines with the largest fractional parts (ties to the earlier line). The shares are integers,
 * never negative, and always sum to `total` exactly. When every weight is zero the split is even.
 */
export function splitByLargestRemainder(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError('total must be a non-negative integer');
  if (weights.length === 0) {
    if (total !== 0) throw new RangeError('cannot split a non-zero total across no lines');
    return [];
  }
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0)) throw new RangeError('weights must be non-negative integers');
  const even = weights.every((w) => w === 0);
  const used = even ? weights.map(() => 1) : weights;
  const sum = used.reduce((a, b) => a + b, 0);
  // Integer arithmetic throughout (BigInt): total × weight can pass 2^53 for large prices.
  const shares = used.map((w) => (BigInt(total) * BigInt(w)) / BigInt(sum));
  const remainders = used.map((w, index) => ({ index, remainder: (BigInt(total) * BigInt(w)) % BigInt(sum) }));
  let left = total - shares.reduce((a, b) => a + Number(b), 0);
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  const result = shares.map(Number);
  for (const { index } of remainders) {
    if (left === 0) break;
    result[index]! += 1;
    left -= 1;
  }
  return result;
}

/** Why a pick from a bundle's pool cannot be ordered, or null when it can. */
export type BundlePickProblem = 'pick_count' | 'not_in_pool' | 'duplicate';

export interface BundlePoolGame {
  id: number;
  product_id: number;
}

/**
 * A pick is exactly `pickCount` distinct games of the pool, no two of them editions of one product
 * ("only one version"). Checked in this order: the count of distinct ids, membership, then products.
 */
export function bundlePickProblem(pickedIds: readonly number[], pickCount: number, pool: readonly BundlePoolGame[]): BundlePickProblem | null {
  const distinct = new Set(pickedIds);
  if (distinct.size !== pickedIds.length || distinct.size !== pickCount) return 'pick_count';
  const byId = new Map(pool.map((g) => [g.id, g]));
  const products = new Set<number>();
  for (const id of distinct) {
    const game = byId.get(id);
    if (!game) return 'not_in_pool';
    if (products.has(game.product_id)) return 'duplicate';
    products.add(game.product_id);
  }
  return null;
}

/** A pool game's prices as the catalogue gives them (the sale price falls back to the list price). */
export interface BundleGamePrice {
  readonly sale_price?: number | null;
  readonly list_price: number;
}

/**
 * Each picked game's regular price: what it would cost bought alone today, its current sale price (a game
 * already on sale saves nothing more by being in a bundle at that price). The bundle page's crossed-out
 * price, the split of the bundle price over the order's lines and the order's list amount all use this, so
 * the "regular price" a buyer sees before ordering is the one checkout shows (docs/product/deals.md#bundle-promotions).
 */
export function bundleRegularPrices(games: readonly BundleGamePrice[]): number[] {
  return games.map((g) => effectiveSalePrice(g));
}

/** The picked games' regular prices together. */
export function bundleRegularPrice(games: readonly BundleGamePrice[]): number {
  return bundleRegularPrices(games).reduce((a, b) => a + b, 0);
}

/** What a bundle saves against the regular prices of the picked games (never negative), in minor units. */
export function bundleSaving(bundlePrice: number, regularPrices: readonly number[]): number {
  return Math.max(0, regularPrices.reduce((a, b) => a + b, 0) - bundlePrice);
}

/** An exploring queue is complete when every one of its items has been viewed in the run. */
export function queueComplete(itemIds: readonly number[], viewedIds: readonly number[]): boolean {
  const viewed = new Set(viewedIds);
  return itemIds.length > 0 && itemIds.every((id) => viewed.has(id));
}
