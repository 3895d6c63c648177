import { eq, sql } from 'drizzle-orm';
import { FAILURES_BEFORE_CAPTCHA, FAILURES_BEFORE_LOCK, FAILURE_WINDOW_SECONDS, IP_FAILURES_PER_WINDOW, type Site } from '@lantern/domain';
import type { FastSignInRequest, SignInRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { accounts } from './tables.ts';
import { findAccountByLogin, normalizeContact, findAccountByContact, type Account } from './lookup.ts';
import { verifyPassword } from './passwords.ts';
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
 * POST /api/access_token. Failures are counted per login and per address. After FAILURES_BEFORE_CAPTCHA
 * a captcha is required, so every failure beyond those comes with a solved captcha; the account locks at
 * FAILURES_BEFORE_LOCK failures in the window. A script that cannot solve captchas therefore cannot lock a
 * stranger's account (no malicious lockout).
 */
export async function signIn(deps: Deps, site: Site, ip: string, input: SignInRequest['access_token']) {
  if ((await deps.limiter.count(ipKey(ip))) >= IP_FAILURES_PER_WINDOW) {
    throw fail.tooMany('rate_limit', FAILURE_WINDOW_SECONDS);
  }
  const { account, target } = await findAccountByLogin(deps.db, input.login, site.area);
  const failures = await deps.limiter.count(failureKey(account, target));
  const captchaRequired = failures >= FAILURES_BEFORE_CAPTCHA;
  if (captchaRequired) {
    if (!input.captcha_id || !input.captcha) throw fail.unprocessable('captcha', 'need_captcha', { need_captcha: true });
    if (!(await deps.captcha.verify(input.captcha_id, input.captcha))) throw fail.unprocessable('captcha', 'invalid', { need_captcha: true });
  }
  if (account && isLocked(account, deps.clock.now())) throw fail.forbidden('locked');

  const ok = await verifyPassword(account?.passwordHash, input.password);
  if (!ok || !account) {
    const [count] = await Promise.all([
      deps.limiter.hit(failureKey(account, target), Number.MAX_SAFE_INTEGER, FAILURE_WINDOW_SECONDS).then((r) => r.count),
      deps.limiter.hit(ipKey(ip), Number.MAX_SAFE_INTEGER, FAILURE_WINDOW_SECONDS),
    ]);
    if (account && captchaRequired && count >= FAILURES_BEFORE_LOCK) {
      await deps.db.update(accounts).set({ lockedAt: deps.clock.now() }).where(eq(accounts.id, account.id));
      throw fail.forbidden('locked');
    }
    throw new AppError(422, { base: ['invalid_credentials'] }, { need_captcha: count >= FAILURES_BEFORE_CAPTCHA });
  }
  await deps.limiter.reset(failureKey(account, target));
  return completeSignIn(deps, account, site);
}

/** POST /api/fast/access_token: a phone number and the SMS code sent to it. */
export async function fastSignIn(deps: Deps, site: Site, input: FastSignInRequest['access_token']) {
  const phone = normalizeContact('sms', input.phone_number, site.area);
  if (!phone) throw fail.unprocessable('phone_number', 'invalid');
  const account = await findAccountByContact(deps.db, 'sms', phone);
  if (!account) throw fail.unprocessable('phone_number', 'not_found');
  if (isLocked(account, deps.clock.now())) throw fail.forbidden('locked');
  await consumeCode(deps, phone, 'sign_in', input.code);
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
