/**
 * Distribution, the store's affiliate programme (docs/product/distribution.md). Every account may share a
 * distribution code; a visitor who follows a link carrying it is attributed to its sharer for a window, and
 * an order placed in that window earns the sharer a commission: per line, the line's paid amount times the
 * rate staff set for its SKU at the moment the order was placed, in integer cents, rounded down.
 */
import { INVITE_CODE_ALPHABET } from './invites.ts';

/** Distribution codes use the invite codes' alphabet (no look-alikes) but are longer, so the two never collide. */
export const DISTRIBUTION_CODE_LENGTH = 10;
/** How long a followed link attributes the visitor's orders to its sharer: 7 days, the last link followed wins. */
export const CPS_ATTRIBUTION_WINDOW_SECONDS = 7 * 24 * 3600;
/** Commission rates are basis points (1/100 of a percent). */
export const COMMISSION_RATE_BASIS = 10_000;
/** The highest rate staff may set: half the price. Anything above would sell at a loss once a coupon applies. */
export const COMMISSION_RATE_MAX_BP = 5_000;

/**
 * A commission's life: `pending` until its order is paid, `earned` once paid, `paid` once credited to the
 * sharer's wallet (after the hold, docs/product/distribution.md#payout), `canceled` when the order ends unpaid or
 * is refunded before that.
 */
export const COMMISSION_STATES = ['pending', 'earned', 'paid', 'canceled'] as const;
export type CommissionState = (typeof COMMISSION_STATES)[number];
/** What happens to an attributed order (`paid_out`: the payout credited the commission). */
export type CommissionEvent = 'paid' | 'ended_unpaid' | 'refunded' | 'paid_out';

/**
 * How long an earned commission is held after its order is paid before it is credited: 7 days, for payment
 * disputes and for staff to look at a ring of accounts buying through each other's links before money moves.
 * A physical order is also held until it has shipped: until then its buyer may cancel it for a refund
 * (docs/product/buying.md#cancel-physical), and nothing else refunds a paid order.
 */
export const COMMISSION_HOLD_SECONDS = 7 * 24 * 3600;

/** When a commission earned at `earnedAtSec` (its order's payment) has been held long enough to be credited. */
export function commissionPayableAt(earnedAtSec: number): number {
  return earnedAtSec + COMMISSION_HOLD_SECONDS;
}

/**
 * Whether the payout credits this commission now: earned, held the whole hold (`now` at or past
 * `commissionPayableAt`), and its order can no longer be refunded (a physical order not yet shipped can).
 */
export function commissionPayable(c: { state: CommissionState; earnedAtSec: number | null; refundable: boolean }, nowSec: number): boolean {
  return c.state === 'earned' && c.earnedAtSec !== null && nowSec >= commissionPayableAt(c.earnedAtSec) && !c.refundable;
}

export function normalizeDistributionCode(code: string): string {
  return code.trim().toUpperCase();
}

export function isDistributionCodeShape(code: string): boolean {
  if (code.length !== DISTRIBUTION_CODE_LENGTH) return false;
  for (const ch of code) if (!INVITE_CODE_ALPHABET.includes(ch)) return false;
  return true;
}

/** A code from random numbers (the caller draws them from a cryptographic source: 31^10 ≈ 2^49 codes). */
export function distributionCodeFrom(randomIndex: (max: number) => number): string {
  let code = '';
  for (let i = 0; i < DISTRIBUTION_CODE_LENGTH; i++) code += INVITE_CODE_ALPHABET[randomIndex(INVITE_CODE_ALPHABET.length)];
  return code;
}

/** A rate staff may set: a whole number of basis points from 1 to the maximum (no rate at all is a cleared rate, not 0). */
export function isCommissionRate(rateBp: number): boolean {
  return Number.isInteger(rateBp) && rateBp >= 1 && rateBp <= COMMISSION_RATE_MAX_BP;
}

/** The commission on an amount in integer cents at a rate in basis points: rounded down, never negative, never above the amount. */
export function commissionCents(amountCents: number, rateBp: number): number {
  if (!Number.isInteger(amountCents) || !Number.isInteger(rateBp)) throw new RangeError('integers only');
  if (amountCents <= 0 || rateBp <= 0) return 0;
  return Math.floor((amountCents * Math.min(rateBp, COMMISSION_RATE_BASIS)) / COMMISSION_RATE_BASIS);
}

/** The rate as the spec's "scale": a decimal fraction written exactly (500 bp → "0.05", 1250 → "0.125", none → "0"). */
export function scaleOf(rateBp: number): string {
  if (rateBp <= 0) return '0';
  const whole = Math.floor(rateBp / COMMISSION_RATE_BASIS);
  const fraction = String(rateBp % COMMISSION_RATE_BASIS).padStart(4, '0').replace(/0+$/, '');
  return fraction === '' ? String(whole) : `${whole}.${fraction}`;
}

export interface CommissionLineInput {
  skuId: number;
  /** What the buyer pays for the line, in minor units, after its share of any coupon. */
  amount: number;
}

export interface CommissionLine extends CommissionLineInput {
  rateBp: number;
  commission: number;
}

/**
 * An order's commission: each line at its SKU's rate (a SKU without a rate earns nothing), summed. Rounding is
 * per line, so the total never depends on how lines are grouped.
 */
export function orderCommission(lines: readonly CommissionLineInput[], rates: ReadonlyMap<number, number>): { lines: CommissionLine[]; amount: number; commission: number } {
  const priced = lines.map((l) => {
    const rateBp = rates.get(l.skuId) ?? 0;
    return { skuId: l.skuId, amount: l.amount, rateBp, commission: commissionCents(l.amount, rateBp) };
  });
  return {
    lines: priced,
    amount: priced.filter((l) => l.rateBp > 0).reduce((sum, l) => sum + Math.max(0, l.amount), 0),
    commission: priced.reduce((sum, l) => sum + l.commission, 0),
  };
}

/** Whether a link followed at `attributedAtSec` still attributes an order placed at `nowSec` (the window is half-open). */
export function attributionInForce(attributedAtSec: number, nowSec: number): boolean {
  return nowSec >= attributedAtSec && nowSec - attributedAtSec < CPS_ATTRIBUTION_WINDOW_SECONDS;
}

/** When an attribution made at `attributedAtSec` stops attributing orders. */
export function attributionEndsAt(attributedAtSec: number): number {
  return attributedAtSec + CPS_ATTRIBUTION_WINDOW_SECONDS;
}

/** Following one's own link attributes nothing: no self-attribution. */
export function attributionOutcome(sharerId: number, visitorId: number): 'self' | 'attributed' {
  return sharerId === visitorId ? 'self' : 'attributed';
}

/**
 * The next state of a commission. A pending one moves: paid → earned, ended unpaid → canceled; a refund
 * cancels a pending or earned one; the payout moves an earned one to paid. Anything else stays as it is (a
 * second notification, a late sweep, a second payout). A paid commission is never canceled: the payout waits
 * until the order can no longer be refunded (`commissionPayable`).
 */
export function commissionStateAfter(state: CommissionState, event: CommissionEvent): CommissionState {
  if (state === 'pending' && event === 'paid') return 'earned';
  if (state === 'earned' && event === 'paid_out') return 'paid';
  if (state === 'pending' && event === 'ended_unpaid') return 'canceled';
  if ((state === 'pending' || state === 'earned') && event === 'refunded') return 'canceled';
  return state;
}

/** The link a code is shared by: a SKU's page, or the store home, with `?cps=CODE`. */
export function distributionLink(origin: string, code: string, skuId?: number): string {
  const base = origin.replace(/\/$/, '');
  return `${base}${skuId === undefined ? '/' : `/sku/${skuId}`}?cps=${encodeURIComponent(code)}`;
}
