import { and, count, eq, gt } from 'drizzle-orm';
import { BIND_TASK_SCORE, type Site } from '@lantern/domain';
import type { BindContactRequest, ResetPasswordRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { FieldErrorList, fail } from '../../platform/errors.ts';
import { accounts, phoneUnbinds } from './tables.ts';
import { findAccountByContact, findAccountByLogin, normalizeContact } from './lookup.ts';
import { hashPassword } from './passwords.ts';
import { checkNewPassword } from './password-policy.ts';
import { checkProofOfAccount } from './reauthentication.ts';
import { queueSecurityNotice } from './security-notices.ts';
import { clearAttempts } from './attempts.ts';
import { consumeCode } from './codes.ts';
import { completeTaskOnce } from './points.ts';
import { announceRewards } from './rewards.ts';
import { reachMilestone } from './sign-up-steps.ts';
import { revokeAllSessions, revokeOtherSessions } from './sessions.ts';
import { isUniqueViolation } from './uniqueness.ts';
import { loadAccount } from './profile.ts';
import { failureKey } from './sign-in.ts';

type Channel = 'email' | 'sms';
const fieldOf = (channel: Channel) => (channel === 'email' ? 'email' : 'phone_number');
const takenReason = (channel: Channel) => (channel === 'email' ? 'taken' : 'used');

/** Phone unbinds allowed per account in UNBIND_WINDOW_DAYS: a phone is the account's recovery line. */
export const UNBIND_LIMIT = 3;
export const UNBIND_WINDOW_DAYS = 365;

/**
 * PATCH /api/me/{phone,email}/password: a forgotten password reset with a code (purpose reset_password)
 * sent to a contact already bound to the account — the request names it, but only a bound one finds the
 * account. It also unlocks the account, signs it out everywhere (the old password may be known to others)
 * and tells the owner on every bound contact.
 */
export async function resetPassword(deps: Deps, site: Site, channel: Channel, input: ResetPasswordRequest['account']) {
  const field = fieldOf(channel);
  const raw = channel === 'email' ? input.email : input.phone_number;
  const errors = new FieldErrorList();
  const target = raw ? normalizeContact(channel, raw, site.area) : null;
  if (!raw) errors.add(field, 'blank');
  else if (!target) errors.add(field, 'invalid');
  if (input.password_confirmation !== input.password) errors.add('password_confirmation', 'confirmation');
  const account = target ? await findAccountByContact(deps.db, channel, target) : undefined;
  errors.add('password', checkNewPassword(input.password, [account?.email, account?.phone, account?.nickname, target]));
  errors.throwIfAny();
  if (!account) throw fail.unprocessable(field, 'not_found');
  await consumeCode(deps, target!, 'reset_password', input.code);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await tx.update(accounts).set({ passwordHash, lockedAt: null, updatedAt: deps.clock.now() }).where(eq(accounts.id, account.id));
    await revokeAllSessions(deps, tx, account.id, deps.clock.now());
    await queueSecurityNotice(deps, tx, site.language, account, 'password_changed');
  });
  deps.outbox.deliverSoon();
  await clearAttempts(deps.kv, failureKey(account, target!));
}

/**
 * POST (bind, when none is bound) and PATCH (change) of /api/me/email and /api/me/phone. The new address
 * is proven by a code sent to it (purpose bind); the account by its current password or a code sent to a
 * contact already bound (reauthentication.ts) — else a stolen session could bind the thief's phone and
 * reset the password through it. Every other session is signed out and the owner is told on the
 * contacts bound before the change. The first binding of each grants the task score once (docs/product/accounts.md#binding-points).
 */
export async function bindContact(
  deps: Deps, site: Site, session: { accountId: number; familyId: string }, channel: Channel, mode: 'bind' | 'change', input: BindContactRequest['account'],
) {
  const { accountId } = session;
  const field = fieldOf(channel);
  const account = await loadAccount(deps, accountId);
  const current = channel === 'email' ? account.email : account.phone;
  const raw = channel === 'email' ? input.email : input.phone_number;
  const errors = new FieldErrorList();
  if (mode === 'bind' && current) errors.add(field, 'already_bound');
  if (mode === 'change' && !current) errors.add(field, 'not_bound');
  const target = raw ? normalizeContact(channel, raw, site.area) : null;
  if (!raw) errors.add(field, 'blank');
  else if (!target) errors.add(field, 'invalid');
  else if (target === current || (await findAccountByContact(deps.db, channel, target))) errors.add(field, takenReason(channel));
  const proof = await checkProofOfAccount(deps, account, { password: input.password, accountCode: input.account_code }, { password: 'password', accountCode: 'account_code' }, errors);
  errors.throwIfAny();
  // The new contact's code first: a wrong one must not burn the owner's proof (a code sent to a contact
  // already bound is precious; the bind code is only as good as the request that names it).
  await consumeCode(deps, target!, 'bind', input.code);
  await proof.spend();
  const now = deps.clock.now();
  const task = channel === 'email' ? 'bind_email' : 'bind_phone';
  let afterCommit: () => Promise<void>;
  try {
    afterCommit = await deps.db.transaction(async (tx) => {
      await tx.update(accounts).set({ [channel === 'email' ? 'email' : 'phone']: target, updatedAt: now }).where(eq(accounts.id, accountId));
      const rewarded = await completeTaskOnce(tx, accountId, task, BIND_TASK_SCORE);
      await reachMilestone(tx, deps, accountId, task);
      await revokeOtherSessions(deps, tx, accountId, session.familyId, now);
      const notice = `${channel === 'email' ? 'email' : 'phone'}_${mode === 'bind' ? 'bound' : 'changed'}` as const;
      await queueSecurityNotice(deps, tx, site.language, account, notice);
      return announceRewards(tx, deps, rewarded ? [{ accountId, task, score: BIND_TASK_SCORE, area: site.area }] : []);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fail.unprocessable(field, takenReason(channel));
    throw err;
  }
  deps.outbox.deliverSoon();
  await afterCommit();
}

/**
 * PATCH /api/me/unbind/phone with a code sent to the bound phone (purpose unbind). Refused with
 * `unbind_limit` when the account would be left with no way to sign in (no e-mail) or has used its
 * unbinds for the year; meta says the limit and how many are used.
 */
export async function unbindPhone(deps: Deps, site: Site, session: { accountId: number; familyId: string }, code: string) {
  const { accountId } = session;
  const account = await loadAccount(deps, accountId);
  if (!account.phone) throw fail.unprocessable('phone_number', 'not_bound');
  const since = new Date(deps.clock.now().getTime() - UNBIND_WINDOW_DAYS * 86_400_000);
  const [used] = await deps.db.select({ n: count() }).from(phoneUnbinds).where(and(eq(phoneUnbinds.accountId, accountId), gt(phoneUnbinds.createdAt, since)));
  const meta = { unbind_limit: UNBIND_LIMIT, unbind_used: used?.n ?? 0, needs_email: !account.email };
  if (!account.email || (used?.n ?? 0) >= UNBIND_LIMIT) throw fail.unprocessable('phone_number', 'unbind_limit', meta);
  await consumeCode(deps, account.phone, 'unbind', code);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // Stamped by the service clock, like the window it is counted in.
    await tx.insert(phoneUnbinds).values({ accountId, phone: account.phone!, createdAt: now });
    await tx.update(accounts).set({ phone: null, updatedAt: now }).where(eq(accounts.id, accountId));
    await revokeOtherSessions(deps, tx, accountId, session.familyId, now);
    await queueSecurityNotice(deps, tx, site.language, account, 'phone_removed');
  });
  deps.outbox.deliverSoon();
}

/** PUT /api/me/unlock: the login (e-mail or phone) and the code sent to it (purpose unlock). */
export async function unlockAccount(deps: Deps, site: Site, login: string, code: string) {
  const { account, target } = await findAccountByLogin(deps.db, login, site.area);
  if (!account || (target !== account.email && target !== account.phone)) throw fail.unprocessable('login', 'not_found');
  await consumeCode(deps, target, 'unlock', code);
  await deps.db.update(accounts).set({ lockedAt: null }).where(eq(accounts.id, account.id));
  await clearAttempts(deps.kv, failureKey(account, target));
}
