/**
 * Real-name identification attempts (docs/product/accounts.md#identification). Each attempt is a paid call to the identity
 * service and a way to probe other people's identity numbers, so attempts are limited per day (in
 * the site's calendar) and over the account's lifetime. The product says the limits exist, not their
 * size: five a day leaves room for honest typos, twenty in total stops enumeration.
 */
export const IDENTIFICATION_DAILY_LIMIT = 5;
export const IDENTIFICATION_TOTAL_LIMIT = 20;

export interface IdentificationAttempts {
  /** Attempts already made today. */
  readonly today: number;
  /** Attempts already made over the account's lifetime. */
  readonly total: number;
}

export interface IdentificationRemaining {
  readonly daily_remaining: number;
  readonly total_remaining: number;
}

/**
 * What the failure message shows. The daily figure never exceeds the total one: "5 left
 * today" next to "2 left in total" would promise attempts that do not exist.
 */
export function identificationRemaining(attempts: IdentificationAttempts): IdentificationRemaining {
  const total_remaining = Math.max(0, IDENTIFICATION_TOTAL_LIMIT - attempts.total);
  const daily_remaining = Math.min(total_remaining, Math.max(0, IDENTIFICATION_DAILY_LIMIT - attempts.today));
  return { daily_remaining, total_remaining };
}

/** Which limit stops another attempt, if any. The lifetime limit wins: waiting a day would not help. */
export function identificationLimitReached(attempts: IdentificationAttempts): 'total_limit' | 'daily_limit' | null {
  if (attempts.total >= IDENTIFICATION_TOTAL_LIMIT) return 'total_limit';
  if (attempts.today >= IDENTIFICATION_DAILY_LIMIT) return 'daily_limit';
  return null;
}

/**
 * The server's rejections of an identification, in the order the product lists them, as the API answers them:
 * `{ "errors": { [field]: [reason] } }`. `key` names the condition uniquely (the same reason can sit
 * on different fields); `lang` is the message number the original client showed for it.
 * Field errors land on the form field they concern; `base` errors concern the account as a whole.
 */
export const IDENTIFICATION_REASONS = [
  { key: 'name_invalid', field: 'name', reason: 'invalid', lang: 5 },
  { key: 'code_invalid', field: 'code', reason: 'invalid', lang: 6 },
  /** The identity number is already identified on another account: one number, one account. */
  { key: 'code_taken', field: 'code', reason: 'taken', lang: 7 },
  /** The number failed verification too often today, from any accounts (see IDENTITY_NUMBER_DAILY_FAILURE_LIMIT). */
  { key: 'code_too_many', field: 'code', reason: 'too_many', lang: 12 },
  { key: 'already_identified', field: 'base', reason: 'already_identified', lang: 120 },
  /** The identity service's own daily quota for the whole store is spent. */
  { key: 'day_api_limit', field: 'base', reason: 'day_api_limit', lang: 1 },
  /** The identity service's yearly quota for the whole store is spent. */
  { key: 'year_api_limit', field: 'base', reason: 'year_api_limit', lang: 2 },
  { key: 'daily_limit', field: 'base', reason: 'daily_limit', lang: 3 },
  { key: 'total_limit', field: 'base', reason: 'total_limit', lang: 4 },
  /** The service said the name and number do not match, or failed in an unknown way. */
  { key: 'failed', field: 'base', reason: 'failed', lang: 8 },
] as const;

export type IdentificationReason = (typeof IDENTIFICATION_REASONS)[number];
export type IdentificationReasonKey = IdentificationReason['key'];

/**
 * Failed verifications of one identity number per day, across all accounts, before it answers
 * code too_many. It stops someone guessing the name that goes with a stranger's number from many
 * accounts; a daily (not lifetime) window means a stranger cannot lock the real owner out for good.
 */
export const IDENTITY_NUMBER_DAILY_FAILURE_LIMIT = 5;
