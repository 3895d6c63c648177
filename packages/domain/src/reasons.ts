/**
 * Every reason code the API may answer in `{ "errors": { "<field>": ["<reason>"] } }` (see
 * docs/product/errors.md). Codes are stable snake_case words taken from the product's messages; the web holds a
 * translation of each in both languages. Add a code here before answering it anywhere.
 */
export const REASON_CODES = [
  // Field validation (appeal, sign-up, settings)
  'blank',
  'invalid',
  'taken',
  'too_short',
  'too_long',
  'too_weak', // a new password the strength estimator puts within easy reach of guessing
  'confirmation',
  'unsafe', // nickname weight or blank (docs/product/accounts.md#nickname)
  'greater_than', // check-in twice
  'too_large', // image over 4 MB (HTTP 413)
  'format_invalid', // upload format: not an image kind we accept, judged by content (docs/product/engagement.md#uploads)
  'signature_invalid', // an upload policy whose signature does not verify, or that names another account
  'used', // number, code or key already used
  'expired', // link, signature, code or token
  'mismatch', // region mismatch on appeals: account_not_in_current_region
  'over_limit', // appeal attachments, lottery limits

  // Authentication and access (docs/product/accounts.md#sessions)
  'unauthorized',
  'invalid_credentials', // wrong login or password (one answer for both, so sign-in reveals no accounts)
  'token_invalid', // a bearer token that is unknown or expired
  'refresh_token_invalid', // a refresh token that is unknown, expired or revoked
  'session_expired', // a session past its absolute lifetime (90 days from sign-in): sign in again
  'refresh_token_reused', // a rotated refresh token used again: the session family is revoked
  'in_protection', // a just-rotated refresh token, within the protection period: not theft (docs/product/accounts.md#refresh-protection)
  'csrf_invalid', // a cookie-authenticated write without the matching CSRF header
  'accepted', // terms of service not accepted at sign-up
  'already_bound', // an e-mail or phone is already bound; change it instead
  'not_bound', // no e-mail or phone bound to change or unbind
  'unsupported_media_type',
  'forbidden',
  'not_found',
  'locked', // account locked after failed sign-ins; a locked post or key; the order game lock ("has game lock")
  'captcha_invalid',
  'need_captcha',
  'under_age', // younger than the minimum age (docs/product/accounts.md#minimum-age)
  'closed', // target account closed: target_closed_error
  'auth_invalid', // journey/promotion auth

  // Throttling
  'rate_limit',
  'access_wait',
  'frequently',
  'busy', // order busy, pay busy

  // Community (docs/product/community.md)
  'is_mute',
  'user_muted', // a muted account writing a private message (docs/product/messaging.md#private-messages)
  'banned', // censor_words banned; also a warn ban
  'warn',
  'block_listed', // a block stands between the two accounts: no follow, reply or mention across it (docs/product/people.md)

  // Identification (docs/product/accounts.md#identification)
  'already_identified',
  'too_many',
  'day_api_limit',
  'year_api_limit',
  'daily_limit',
  'total_limit',
  'failed',

  // Phone and e-mail binding
  'unbind_limit',
  'bind_fail',

  // Cart, orders, flash sales (docs/product/buying.md#order-generation)
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
  'unbound', // phone, Steam or WeChat binding required; Steam friends unbind
  'hidden', // Steam profile hidden
  'provider_unavailable', // a linked-account provider (Steam, WeChat, Weibo) not configured on this server (decisions/0024)
  'inactive', // event or activity not online
  'quota_invalid', // order quota (flash sales)
  'out_of_range', // cart quantity change outside -1..1 for non-physical items, or above the per-line maximum
  'region_invalid', // SKU region-locked away from the buyer
  'not_in_cart', // a cart order naming a SKU not in the cart
  'not_applicable', // a coupon that covers none of the order's SKUs
  'pick_count', // a bundle order that is not exactly the activity's number of distinct games
  'not_in_pool', // a bundle order naming a game outside the activity's pool

  // Payments (docs/product/buying.md#payment; decisions/0005)
  'unusual',
  'unknown',
  'stale', // the pay call's version is not the order's: it changed meanwhile
  'canceled', // the order was canceled (or deleted) before it was paid
  'wallet_frozen',
  'insufficient_balance',
  'points_unsupported', // a SKU of the order cannot be paid with points
  'insufficient_points',
  'cash_unsupported', // a SKU of the order is sold for points only
  'method_unavailable', // no real provider takes this method in production (WeChat Pay, PayPal)

  // Coupons and codes (docs/product/buying.md#coupons)
  'be_applied',
  'code_error',
  'exhausted', // coupon claim 404

  // Lotteries, red packets, tasks (docs/product/deals.md, docs/product/engagement.md)
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
  'already_claimed', // a gift pack this account has claimed already
  'own_code', // one's own distribution link: no self-attribution (docs/product/distribution.md)
  // Journeys staff (docs/product/engagement.md#journeys-staff)
  'ended', // a journey whose window has passed: its window stays as it was
  'started', // a journey's start, or the journey itself (delete), once it has started
  'not_started', // closing a journey that has not started (delete it instead)
  'frozen', // what a task gives, once any account has completed it

  // Keys, library, redeem codes, staff (docs/product/buying.md#keys; decisions/0006)
  'not_keyed', // a SKU sold without keys (a peripheral) given keys to import
  'bind_failed', // a redeem code whose goods cannot go to this account (game owned, coupon held, no base game)
  'state_invalid', // a shipment moved out of order (preparing → shipped → delivered); a post or comment no longer pending or hidden
  'shipped', // a paid physical order whose goods have left (or arrived) can no longer be canceled (docs/product/buying.md#cancel-physical)
  'hidden_by_moderators', // a post staff hid cannot be edited by its author (decisions/0020)
  'in_use', // an upload used in a post that is not a draft cannot be deleted

  // Account appeals (docs/product/engagement.md#appeals)
  'recovery_hold', // redeeming or wallet spending within 15 days of an appeal's reset (docs/product/accounts.md#recovery-hold)

  // Server
  'server_error',
  'unavailable', // the database could not be reached for now (a restart, a failover): 503 with Retry-After, try again
] as const;

export type ReasonCode = (typeof REASON_CODES)[number];

export function isReasonCode(value: unknown): value is ReasonCode {
  return typeof value === 'string' && (REASON_CODES as readonly string[]).includes(value);
}
