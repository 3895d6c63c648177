/**
 * Sign-in throttling and token lifetimes (docs/product/accounts.md#sign-in, #sessions).
 *
 * Failures are counted per account within a sliding window. A captcha after a few failures stops
 * scripts at no cost to the owner; a lock after many stops slow guessing. The lock is not a
 * malicious lockout: it lifts by itself when the failures age out of the window, and the owner can lift
 * it at once through the unlock flow (a code sent to their phone or e-mail).
 */
export const FAILURES_BEFORE_CAPTCHA = 3;
export const FAILURES_BEFORE_LOCK = 10;
export const FAILURE_WINDOW_SECONDS = 900;
/**
 * Failures from one IP address per window before that address is rate-limited. Generous, because a
 * campus or mobile carrier puts many honest users behind one address.
 */
export const IP_FAILURES_PER_WINDOW = 50;

/**
 * Wrong current passwords a signed-in session may give (to set a password or change a contact) per account
 * in FAILURE_WINDOW_SECONDS before it is refused with 429: whoever holds a stolen session must not be able
 * to guess the password through it.
 */
export const PASSWORD_CONFIRMATION_FAILURES_PER_WINDOW = 5;

/** Short-lived access token: a stolen one is useful for at most 15 minutes. */
export const ACCESS_TOKEN_TTL_SECONDS = 900;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
/**
 * A session (one sign-in's family of refresh tokens) ends this long after the sign-in, however often its
 * refresh token was rotated: a stolen refresh token kept fresh by rotation is not a key for ever, and the
 * owner proves themselves again (password or code) at least every 90 days.
 */
export const SESSION_ABSOLUTE_LIFETIME_SECONDS = 90 * 24 * 3600;

/** Whether a session signed in at `signedInAtSec` may still be refreshed at `nowSec`. */
export function isSessionWithinLifetime(signedInAtSec: number, nowSec: number): boolean {
  return nowSec - signedInAtSec < SESSION_ABSOLUTE_LIFETIME_SECONDS;
}

/**
 * A refresh token in its protection period does not force logout. Two tabs refreshing at
 * once both present the same token; the second, within 30 s of the rotation, is answered as a
 * retry rather than treated as theft that revokes the whole token family.
 */
export const REFRESH_PROTECTION_SECONDS = 30;

export type SignInStep = 'ok' | 'captcha' | 'locked';

/** What the next sign-in attempt needs, given the account's failures in the current window. */
export function signInStep(failures: number): SignInStep {
  if (failures >= FAILURES_BEFORE_LOCK) return 'locked';
  if (failures >= FAILURES_BEFORE_CAPTCHA) return 'captcha';
  return 'ok';
}

export function isIpThrottled(ipFailures: number): boolean {
  return ipFailures >= IP_FAILURES_PER_WINDOW;
}

/** True while a just-rotated refresh token may still be presented without being treated as reuse. */
export function isInRefreshProtection(rotatedAtSec: number, nowSec: number): boolean {
  const elapsed = nowSec - rotatedAtSec;
  return elapsed >= 0 && elapsed < REFRESH_PROTECTION_SECONDS;
}
