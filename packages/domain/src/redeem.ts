/**
 * Redeem codes (docs/product/buying.md#redeem-codes): a code grants goods — a game, a coupon or
 * points — on one area, once. Codes are typed by people: case, spaces and dashes do not matter.
 */
import type { Area } from './sites.ts';

export const REDEEM_GOODS_KINDS = ['sku', 'coupon', 'points'] as const;
export type RedeemGoodsKind = (typeof REDEEM_GOODS_KINDS)[number];

/** Failed attempts an account may make in an hour before each further attempt needs a captcha. */
export const REDEEM_FAILURES_BEFORE_CAPTCHA = 3;
export const REDEEM_FAILURE_WINDOW_SECONDS = 3600;
/** Longer input is not a code; refused before hashing. */
export const REDEEM_CODE_MAX_LENGTH = 64;

/** The form a code is hashed in: upper case, without spaces or dashes ("abcd-efgh 1234" = "ABCDEFGH1234"). */
export function normalizeRedeemCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toUpperCase();
}

/** Groups of four for display ("ABCDEFGH1234" → "ABCD-EFGH-1234"). */
export function formatRedeemCode(normalized: string): string {
  return normalized.match(/.{1,4}/g)?.join('-') ?? '';
}

/** The last characters shown in lists, so a holder recognises a code without it being readable. */
export function redeemCodeTail(normalized: string): string {
  return normalized.slice(-4);
}

export type RedeemCodeState = 'active' | 'used' | 'disabled';

export interface RedeemCodeFacts {
  state: RedeemCodeState;
  area: Area;
  expires_at_timestamp: number | null;
  owner_account_id: number | null;
}

/**
 * Why a code found by its hash cannot be used by this account on this site now: `used`
 * once used; `invalid` when disabled, expired, of the other site, or issued to someone else — one word
 * for all, so a code's details are not disclosed to whoever guesses it. Null when it can be used.
 */
export function redeemCodeProblem(code: RedeemCodeFacts, accountId: number, area: Area, nowSec: number): 'used' | 'invalid' | null {
  if (code.state === 'used') return 'used';
  if (code.state === 'disabled') return 'invalid';
  if (code.area !== area) return 'invalid';
  if (code.expires_at_timestamp !== null && nowSec >= code.expires_at_timestamp) return 'invalid';
  if (code.owner_account_id !== null && code.owner_account_id !== accountId) return 'invalid';
  return null;
}

/** How a code is listed to its holder (GET /api/me/code): active codes past their date read expired. */
export function redeemCodeDisplayState(state: RedeemCodeState, expiresAtSec: number | null, nowSec: number): RedeemCodeState | 'expired' {
  if (state === 'active' && expiresAtSec !== null && nowSec >= expiresAtSec) return 'expired';
  return state;
}

/** Whether the next attempt needs a captcha, and how many may still be made without one. */
export function redeemCaptchaState(failures: number): { need_captcha: boolean; attempts_left: number } {
  const left = Math.max(0, REDEEM_FAILURES_BEFORE_CAPTCHA - failures);
  return { need_captcha: left === 0, attempts_left: left };
}
