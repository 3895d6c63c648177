/**
 * Lotteries (docs/product/deals.md#lotteries): activities whose prizes are drawn by weight, the refusals in
 * their order, the probabilities a page publishes, the mainland cap on a top prize, and the pick that turns a
 * draw's committed randomness into a prize (docs/product/deals.md#lottery-fairness). Times are server seconds.
 */
import { offerStatus } from './points-shop.ts';

/** What a prize gives: points (the points ledger), a coupon (coupons' grant), a game (a key and the library), goods (a claim shipped to an address). */
export const LOTTERY_PRIZE_KINDS = ['points', 'coupon', 'game', 'goods'] as const;
export type LotteryPrizeKind = (typeof LOTTERY_PRIZE_KINDS)[number];

/** How a draw was granted: bought with points, by an order, or through a buyer's shared link. */
export const LOTTERY_DRAW_VIAS = ['points', 'order', 'share'] as const;
export type LotteryDrawVia = (typeof LOTTERY_DRAW_VIAS)[number];

/**
 * The top prize of a mainland lottery is worth at most ¥50,000 (5,000,000 fen): the mainland's rule for
 * prize promotions. Checked when staff create or change a prize (docs/product/deals.md#lottery-mainland-cap).
 */
export const MAINLAND_TOP_PRIZE_CAP = 5_000_000;

/** Draws one account may make per second before `access_wait` (a double click is one draw, a script is slowed). */
export const LOTTERY_DRAWS_PER_SECOND = 2;

/** How long a buyer's share link may be valid at most, and how far a request's timestamp may stray from the server's. */
export const LOTTERY_SHARE_MAX_SECONDS = 7 * 24 * 3600;
export const LOTTERY_SHARE_CLOCK_SKEW_SECONDS = 300;

export interface PoolEntry {
  prize_id: number;
  weight: number;
}

/** The total weight of a pool. */
export function poolWeight(pool: readonly PoolEntry[]): number {
  return pool.reduce((sum, entry) => sum + entry.weight, 0);
}

/**
 * The prize a roll in [0, total weight) lands on: each prize owns a run of the roll's values as long as its
 * weight, in the pool's order. Null for an empty pool.
 */
export function pickWeighted(pool: readonly PoolEntry[], roll: number): number | null {
  let rest = roll;
  for (const entry of pool) {
    if (entry.weight <= 0) continue;
    if (rest < entry.weight) return entry.prize_id;
    rest -= entry.weight;
  }
  return null;
}

/**
 * A roll in [0, total) from a digest's first 8 bytes read as an unsigned 64-bit integer, modulo the total. The
 * modulo's bias is below total / 2^64 (under 2^-33 for any weight a prize may have): no draw can feel it.
 */
export function rollFromDigest(digest: Uint8Array, total: number): number {
  if (digest.length < 8) throw new Error('digest too short');
  if (!Number.isSafeInteger(total) || total <= 0) throw new Error('total weight must be a positive integer');
  let value = 0n;
  for (let i = 0; i < 8; i++) value = (value << 8n) | BigInt(digest[i]!);
  return Number(value % BigInt(total));
}

/** The message a draw's digest is computed over: the activity and the draw's nonce (docs/product/deals.md#lottery-fairness). */
export function drawMessage(activityId: number, nonce: string): string {
  return `lottery:${activityId}:${nonce}`;
}

export interface PrizeOdds {
  prize_id: number;
  weight: number;
  left_count: number;
}

/**
 * The probability of each prize on the next draw as a page publishes it: its weight over the weights of the
 * prizes still in stock; a prize out of stock is 0. Sums to 1 while any prize is left.
 */
export function prizeProbabilities(prizes: readonly PrizeOdds[]): Map<number, number> {
  const total = prizes.reduce((sum, p) => sum + (p.left_count > 0 ? p.weight : 0), 0);
  return new Map(prizes.map((p) => [p.prize_id, total > 0 && p.left_count > 0 ? p.weight / total : 0]));
}

/** A probability as a page shows it: a percentage with up to two decimals ("12.5%", "0.01%", "<0.01%"). */
export function formatProbability(probability: number): string {
  if (probability <= 0) return '0%';
  const percent = probability * 100;
  if (percent < 0.01) return '<0.01%';
  return `${Number(percent.toFixed(2))}%`;
}

/** The value of a lottery's top prize is within the mainland cap (the international site has none). */
export function withinMainlandCap(area: 'native' | 'abroad', prizeValues: readonly number[]): boolean {
  return area !== 'native' || prizeValues.every((value) => value <= MAINLAND_TOP_PRIZE_CAP);
}

export interface LotteryFacts {
  from_timestamp: number;
  to_timestamp: number;
  closed: boolean;
  /** Whether any prize is left in stock. */
  any_left: boolean;
  /** Draws per account in the whole activity; null for no limit. */
  per_user_limit: number | null;
  /** Draws per account per day (the site's calendar); null for no limit. */
  daily_limit: number | null;
  /** This account's draws so far, and today. */
  drawn: number;
  drawn_today: number;
  /** The order price (minor units) a qualifying order reaches at least; null when none is asked. */
  minimum_order_amount: number | null;
  /** The largest completed order of the account in the window (or the drawing order), 0 for none. */
  best_order_amount: number;
  /** The SKU a qualifying purchase must hold; null when none is asked. */
  required_sku_id: number | null;
  /** Whether the account bought that SKU (in the window, or in the drawing order). */
  purchased_required: boolean;
  /** The draw's price in points and the account's spendable points. */
  cost_points: number;
  score: number;
}

export type LotteryRefusal =
  | { field: 'lottery_activity'; reason: 'inactive' | 'not_in_period' | 'not_randomized' }
  | { field: 'draws' | 'daily_draws'; reason: 'over_limit' }
  | { field: 'order'; reason: 'minimum_order' | 'not_purchased' }
  | { field: 'points'; reason: 'no_grade_left'; missing: number };

/**
 * The first reason an account cannot draw now, or null (docs/product/deals.md#lottery-reasons): closed or
 * ended (`inactive`), not started (`not_in_period`), nothing left to win (`not_randomized`: no prize can be
 * randomized), the account's limit over the activity then today's (`over_limit`), the qualifying order's price
 * (`minimum_order`), the required SKU (`not_purchased`), then too few points (`no_grade_left`). Nothing left
 * comes before the account's facts: it is the rush's common answer and needs nothing of the account.
 */
export function lotteryRefusal(facts: LotteryFacts, nowSec: number): LotteryRefusal | null {
  const status = offerStatus(facts, nowSec);
  if (facts.closed || status === 'end') return { field: 'lottery_activity', reason: 'inactive' };
  if (status === 'not_start') return { field: 'lottery_activity', reason: 'not_in_period' };
  if (!facts.any_left) return { field: 'lottery_activity', reason: 'not_randomized' };
  if (facts.per_user_limit !== null && facts.drawn >= facts.per_user_limit) return { field: 'draws', reason: 'over_limit' };
  if (facts.daily_limit !== null && facts.drawn_today >= facts.daily_limit) return { field: 'daily_draws', reason: 'over_limit' };
  if (facts.minimum_order_amount !== null && facts.best_order_amount < facts.minimum_order_amount) return { field: 'order', reason: 'minimum_order' };
  if (facts.required_sku_id !== null && !facts.purchased_required) return { field: 'order', reason: 'not_purchased' };
  const missing = Math.max(0, facts.cost_points - Math.max(0, facts.score));
  if (missing > 0) return { field: 'points', reason: 'no_grade_left', missing };
  return null;
}

/** A lottery's status from server time: `not_start`, `current`, `end` (closed counts as ended). */
export function lotteryStatus(window: { from_timestamp: number; to_timestamp: number; closed: boolean }, nowSec: number): 'not_start' | 'current' | 'end' {
  return window.closed ? 'end' : offerStatus(window, nowSec);
}

/** The seed is revealed once the activity has ended (or was closed): before that, only its hash is public. */
export function seedRevealed(window: { from_timestamp: number; to_timestamp: number; closed: boolean }, nowSec: number): boolean {
  return lotteryStatus(window, nowSec) === 'end';
}

/** The message a share link's token signs: who shared, from which order, and the window it is valid in. */
export function shareMessage(activityId: number, share: { sharer_id: number; order_id: number; from: number; to: number }): string {
  return `lottery-share:${activityId}:${share.sharer_id}:${share.order_id}:${share.from}:${share.to}`;
}

/**
 * Why a shared link cannot be used now, or null: a window longer than allowed or outside of it, or a request
 * timestamp too far from the server's clock, is `token_invalid`, as is a token that does not match (checked by
 * the caller with the key); a sharer drawing on their own link is `unqualified`.
 */
export function shareRefusal(share: { sharer_id: number; from: number; to: number }, timestamp: number, accountId: number, nowSec: number): 'token_invalid' | 'unqualified' | null {
  if (share.to <= share.from || share.to - share.from > LOTTERY_SHARE_MAX_SECONDS) return 'token_invalid';
  if (nowSec < share.from || nowSec >= share.to) return 'token_invalid';
  if (Math.abs(timestamp - nowSec) > LOTTERY_SHARE_CLOCK_SKEW_SECONDS) return 'token_invalid';
  if (share.sharer_id === accountId) return 'unqualified';
  return null;
}
