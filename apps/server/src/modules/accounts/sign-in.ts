import { eq, sql } from 'drizzle-orm';
import { FAILURES_BEFORE_CAPTCHA, FAILURES_BEFORE_LOCK, FAILURE_WINDOW_SECONDS, IP_FAILURES_PER_WINDOW, type Site } from '@lantern/domain';
import type { FastSignInRequest, SignInRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { accounts } from './tables.ts';
import { findAccount, findAccountByLogin, normalizeContact, findAccountByContact, type Account } from './lookup.ts';
import { verifyPassword } from './passwords.ts';
import { clearAttempts, reserveAttempt } from './attempts.ts';
import { startSession } from './sessions.ts';
import { consumeCode } from './codes.ts';

/** Failures count per account when the login names one, else per login name (so probing is throttled too). */
export const failureKey = (account: { id: number } | undefined, login: string) => (account ? `signin-fail:a${account.id}` : `signin-fail:l${login}`);
const ipKey = (ip: string) => `signin-fail-ip:${ip}`;

/**
 * A lock lasts one failure window (domain sign-in rules): it lifts by itself, so nobody can shut an owner
 * out for good, and the owner can lift it at once by code (PUT /api/me/unlock) or a password reset.
 */
export function isLocked(account: Account, now: Date): boolean {
  return account.lockedAt !== null && now.getTime() - account.lockedAt.getTime() < FAILURE_WINDOW_SECONDS * 1000;
}

/**
 * POST /api/access_token. Failures are counted per login and per address, each attempt counted before its
 * password is compared (see attempts.ts), and given back when it succeeds or is turned away uncompared.
 * From the (FAILURES_BEFORE_CAPTCHA + 1)th attempt in the window a captcha is required, so every failure
 * beyond those comes with a solved captcha; the account locks at FAILURES_BEFORE_LOCK failures. A script
 * that cannot solve captchas therefore cannot lock a stranger's account (no malicious lockout), and a
 * burst of parallel guesses gets no more comparisons than the same guesses one by one.
 */
export async function signIn(deps: Deps, site: Site, ip: string, input: SignInRequest['access_token']) {
  const fromAddress = await reserveAttempt(deps.kv, ipKey(ip), FAILURE_WINDOW_SECONDS);
  if (fromAddress.place > IP_FAILURES_PER_WINDOW) {
    await fromAddress.release();
    throw fail.tooMany('rate_limit', FAILURE_WINDOW_SECONDS);
  }
  const { account, target } = await findAccountByLogin(deps.db, input.login, site.area);
  const forLogin = await reserveAttempt(deps.kv, failureKey(account, target), FAILURE_WINDOW_SECONDS);
  const turnAway = async (error: AppError) => {
    await Promise.all([fromAddress.release(), forLogin.release()]);
    return error;
  };
  const captchaRequired = forLogin.place > FAILURES_BEFORE_CAPTCHA;
  if (captchaRequired) {
    if (!input.captcha_id || !input.captcha) throw await turnAway(fail.unprocessable('captcha', 'need_captcha', { need_captcha: true }));
    if (!(await deps.captcha.verify(input.captcha_id, input.captcha))) throw await turnAway(fail.unprocessable('captcha', 'invalid', { need_captcha: true }));
  }
  // Beyond the lock threshold the account is locked, or about to be by an attempt still in flight.
  if (account && (isLocked(account, deps.clock.now()) || forLogin.place > FAILURES_BEFORE_LOCK)) throw await turnAway(fail.forbidden('locked'));

  const ok = await verifyPassword(account?.passwordHash, input.password);
  if (!ok || !account) {
    if (account && captchaRequired && forLogin.place >= FAILURES_BEFORE_LOCK) {
      await deps.db.update(accounts).set({ lockedAt: deps.clock.now() }).where(eq(accounts.id, account.id));
      throw fail.forbidden('locked');
    }
    throw new AppError(422, { base: ['invalid_credentials'] }, { need_captcha: forLogin.place >= FAILURES_BEFORE_CAPTCHA });
  }
  await Promise.all([fromAddress.release(), clearAttempts(deps.kv, failureKey(account, target))]);
  return completeSignIn(deps, account, site);
}

/**
 * POST /api/fast/access_token: a phone number and the SMS code sent to it. Each attempt counts toward the
 * address's sign-in failures before the number is looked up (an unknown number is a failure too, so the
 * route cannot be used to test numbers in bulk); each code also takes at most CODE_MAX_ATTEMPTS guesses.
 */
export async function fastSignIn(deps: Deps, site: Site, ip: string, input: FastSignInRequest['access_token']) {
  const fromAddress = await reserveAttempt(deps.kv, ipKey(ip), FAILURE_WINDOW_SECONDS);
  if (fromAddress.place > IP_FAILURES_PER_WINDOW) {
    await fromAddress.release();
    throw fail.tooMany('rate_limit', FAILURE_WINDOW_SECONDS);
  }
  const phone = normalizeContact('sms', input.phone_number, site.area);
  if (!phone) throw fail.unprocessable('phone_number', 'invalid');
  const account = await findAccountByContact(deps.db, 'sms', phone);
  if (!account) throw fail.unprocessable('phone_number', 'not_found');
  if (isLocked(account, deps.clock.now())) {
    await fromAddress.release();
    throw fail.forbidden('locked');
  }
  await consumeCode(deps, phone, 'sign_in', input.code);
  await fromAddress.release();
  return completeSignIn(deps, account, site);
}

export async function completeSignIn(deps: Deps, account: Account, site: Site) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(accounts)
      .set({ signInCount: sql`${accounts.signInCount} + 1`, lastSignInAt: now })
      .where(eq(accounts.id, account.id))
      .returning();
    const session = await startSession(deps, tx, account.id, site.area);
    return { account: updated!, session };
  });
}

/**
 * Signs in an account an outside provider vouched for (Steam OpenID, through the linked-accounts module): the
 * provider's assertion replaces the password, so the account's lock still holds, and a closed account is
 * answered as if nothing were bound (`field: unbound`).
 */
export async function signInVouchedAccount(deps: Deps, accountId: number, site: Site, field: string) {
  const account = await findAccount(deps.db, accountId);
  if (!account) throw fail.unprocessable(field, 'unbound');
  if (isLocked(account, deps.clock.now())) throw fail.forbidden('locked');
  return completeSignIn(deps, account, site);
}
