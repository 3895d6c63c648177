/**
 * Every reason code the API may answer in `{ "errors": { "<field>": ["<reason>"] } }` (design
 * brief §2). Codes are stable snake_case words taken from the spec (§5, §8); the web holds a
 * translation of each in both languages. Add a code here before answering it anywhere.
 */
export const REASON_CODES = [
  // Field validation (spec §5 appeal, sign-up, settings)
  'blank',
  'invalid',
  'taken',
  'too_short',
  'too_long',
  'too_weak', // a new password the strength estimator puts within easy reach of guessing
  'confirmation',
  'unsafe', // nickname weight or blank (spec §5)
  'greater_than', // check-in twice (spec §8.2)
  'too_large', // image over 4 MB (spec §8.2, HTTP 413)
  'format_invalid', // upload format (spec §8.2)
  'used', // number, code or key already used (spec §5, §8.2, §8.3)
  'expired', // link, signature, code or token (spec §8.5)
  'mismatch', // region mismatch on appeals: account_not_in_current_region (spec §8.5)
  'over_limit', // appeal attachments, lottery limits (spec §8.5, §8.6)

  // Authentication and access (spec §6, §8.1; design brief §2 Auth)
  'unauthorized',
  'invalid_credentials', // wrong login or password (one answer for both, so sign-in reveals no accounts)
  'token_invalid', // a bearer token that is unknown or expired
  'refresh_token_invalid', // a refresh token that is unknown, expired or revoked
  'session_expired', // a session past its absolute lifetime (90 days from sign-in): sign in again
  'refresh_token_reused', // a rotated refresh token used again: the session family is revoked (spec §8.1)
  'in_protection', // a just-rotated refresh token, within the protection period: not theft (spec §8.1)
  'csrf_invalid', // a cookie-authenticated write without the matching CSRF header
  'accepted', // terms of service not accepted at sign-up
  'already_bound', // an e-mail or phone is already bound; change it instead
  'not_bound', // no e-mail or phone bound to change or unbind
  'unsupported_media_type',
  'forbidden',
  'not_found',
  'locked', // account locked after failed sign-ins; a locked post or key; the order game lock (spec §8.3 "has game lock")
  'captcha_invalid',
  'need_captcha',
  'under_age', // younger than the minimum age (spec §5 Minors)
  'closed', // target account closed: target_closed_error (spec §5)
  'auth_invalid', // journey/promotion auth (spec §8.6)

  // Throttling (spec §8.1)
  'rate_limit',
  'access_wait',
  'frequently',
  'busy', // order busy, pay busy

  // Community (spec §6, §8.4)
  'is_mute',
  'banned', // censor_words banned; also a warn ban
  'warn',

  // Identification (spec §5)
  'already_identified',
  'too_many',
  'day_api_limit',
  'year_api_limit',
  'daily_limit',
  'total_limit',
  'failed',

  // Phone and e-mail binding (spec §8.2)
  'unbind_limit',
  'bind_fail',

  // Cart, orders, flash sales (spec §5, §8.2, §8.3)
  'out_limit', // cart full (total_count)
  'status_invalid',
  'has_no_base', // DLC without its base game
  'exceed_limit', // per-game purchase limit, account buy count
  'duplicate', // duplicate product, duplicate sku.product in a promotion order
  'owned',
  'unpublished',
  'no_inventory',
  'purchase_ban',
  'purchase_blocked', // purchase blocked for the buyer's address: the web goes to /ip_error
  'lock', // flash-sale key lock
  'unbound', // phone, Steam or WeChat binding required; Steam friends unbind (spec §3)
  'hidden', // Steam profile hidden (spec §3)
  'inactive', // event or activity not online
  'quota_invalid', // order quota (spec §8.3)
  'out_of_range', // cart quantity change outside -1..1 for non-physical items, or above the per-line maximum
  'region_invalid', // SKU region-locked away from the buyer (spec §8.3)
  'not_in_cart', // a cart order naming a SKU not in the cart
  'not_applicable', // a coupon that covers none of the order's SKUs

  // Payments (spec §4, §8.2; decisions/0005)
  'unusual',
  'unknown',
  'stale', // the pay call's version is not the order's: it changed meanwhile
  'canceled', // the order was canceled (or deleted) before it was paid
  'wallet_frozen',
  'insufficient_balance',
  'points_unsupported', // a SKU of the order cannot be paid with points
  'insufficient_points',
  'cash_unsupported', // a SKU of the order is sold for points only

  // Coupons and codes (spec §5, §8.2)
  'be_applied',
  'code_error',
  'exhausted', // coupon claim 404

  // Lotteries, red packets, tasks (spec §8.6)
  'time_range_invalid',
  'not_in_period',
  'not_randomized',
  'minimum_order',
  'not_purchased',
  'no_grade_left',
  'already_drawn',
  'own_limit',
  'open_limit',
  'already_end',
  'unqualified',
  'opened',
  'not_completed',
  'completed',

  // Keys, library, redeem codes, staff (spec §4, §8.2; decisions/0006)
  'not_keyed', // a SKU sold without keys (a peripheral) given keys to import
  'bind_failed', // a redeem code whose goods cannot go to this account (game owned, coupon held, no base game)
  'state_invalid', // a shipment moved out of order (preparing → shipped → delivered)

  // Server
  'server_error',
] as const;

export type ReasonCode = (typeof REASON_CODES)[number];

export function isReasonCode(value: unknown): value is ReasonCode {
  return typeof value === 'string' && (REASON_CODES as readonly string[]).includes(value);
}
