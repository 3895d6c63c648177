import { eq, sql } from 'drizzle-orm';
import {
  EARLIEST_BIRTH_YEAR, calendarDateInZone, compareCalendarDates, isNicknameSafe, isValidCalendarDate, type Site,
} from '@lantern/domain';
import type { CompleteMeRequest, UpdateMeRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { FieldErrorList, fail } from '../../platform/errors.ts';
import { accounts } from './tables.ts';
import { findAccount, findAccountByContact, normalizeContact, type Account } from './lookup.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { isNicknameTaken, isUniqueViolation } from './uniqueness.ts';
import { hashPassword } from './passwords.ts';
import { checkNewPassword } from './password-policy.ts';
import { checkProofOfAccount } from './reauthentication.ts';
import { queueSecurityNotice } from './security-notices.ts';
import { revokeOtherSessions } from './sessions.ts';
import { consumeCode } from './codes.ts';
import { completeTaskOnce } from './points.ts';
import { announceRewards } from './rewards.ts';
import { reachMilestone } from './sign-up-steps.ts';
import { screenProfileChange } from './profile-text.ts';
import { BIND_TASK_SCORE } from '@lantern/domain';

export async function loadAccount(deps: Deps, accountId: number): Promise<Account> {
  const account = await findAccount(deps.db, accountId);
  if (!account) throw fail.unauthorized();
  return account;
}

async function checkNickname(deps: Deps, errors: FieldErrorList, nickname: string, accountId: number) {
  if (!isNicknameSafe(nickname)) errors.add('nickname', 'unsafe');
  else if (await isNicknameTaken(deps.db, nickname, accountId)) errors.add('nickname', 'taken');
}

/** A birthday ('YYYY-MM-DD') must be a real calendar date, not before 1900 and not after today on the site. */
function isBirthdayValid(deps: Deps, site: Site, birthday: string): boolean {
  const [year, month, day] = birthday.split('-').map(Number) as [number, number, number];
  const date = { year, month, day };
  const today = calendarDateInZone(toTimestamp(deps.clock.now()), site.timeZone);
  return isValidCalendarDate(date) && year >= EARLIEST_BIRTH_YEAR && compareCalendarDates(date, today) <= 0;
}

/**
 * PATCH /api/me: basic info. An unsafe nickname (docs/product/accounts.md#nickname) is refused. A change of the
 * public profile text (nickname, introduction) is screened — refused to a muted or warn-banned account and
 * checked against the watched words (docs/product/accounts.md#profile-text); the other settings are not.
 */
export async function updateMe(deps: Deps, site: Site, accountId: number, input: UpdateMeRequest['account']) {
  const errors = new FieldErrorList();
  let nickname = input.nickname?.trim();
  let introduction = input.introduction?.trim();
  if (nickname !== undefined) await checkNickname(deps, errors, nickname, accountId);
  if (input.birthday && !isBirthdayValid(deps, site, input.birthday)) errors.add('birthday', 'invalid');
  errors.throwIfAny();
  if (nickname !== undefined || introduction !== undefined) {
    const stored = await loadAccount(deps, accountId);
    ({ nickname, introduction } = await screenProfileChange(deps, accountId, site.area, stored, { nickname, introduction }));
  }
  try {
    const [updated] = await deps.db
      .update(accounts)
      .set({
        ...(nickname !== undefined && { nickname }),
        ...(input.gender && { gender: input.gender }),
        ...(input.birthday !== undefined && { birthday: input.birthday }),
        ...(introduction !== undefined && { introduction }),
        ...(input.show_steam_review !== undefined && { showSteamReview: input.show_steam_review }),
        ...(input.water_mark !== undefined && { waterMark: input.water_mark }),
        // The first acknowledgement is the one kept: asking again never moves it.
        ...(input.responsibility_acknowledged && { responsibilityAcknowledgedAt: sql`coalesce(${accounts.responsibilityAcknowledgedAt}, ${deps.clock.now()})` }),
        updatedAt: deps.clock.now(),
      })
      .where(eq(accounts.id, accountId))
      .returning();
    return updated!;
  } catch (err) {
    if (isUniqueViolation(err)) throw fail.unprocessable('nickname', 'taken');
    throw err;
  }
}

/**
 * PUT /api/me: the identification popup (docs/product/screens.md#account-prompts) completes an account with a phone number (verified by
 * code, purpose bind), a password, a nickname and a gender. Setting the password — and binding a phone —
 * wants proof of the account, never just the session: the current password or a code sent to a contact
 * already bound (reauthentication.ts). A phone named here that is already the account's own needs no new
 * code, but it proves nothing either. Every other session is signed out and the owner told. Binding the
 * phone grants its task score once.
 */
export async function completeMe(deps: Deps, site: Site, session: { accountId: number; familyId: string }, input: CompleteMeRequest['account']) {
  const { accountId } = session;
  const account = await loadAccount(deps, accountId);
  const errors = new FieldErrorList();
  // Only what is missing must be given (docs/product/accounts.md#account-completion): a phone already bound and a
  // password already set may be left out and stay as they are.
  const phone = input.phone_number === undefined ? account.phone : normalizeContact('sms', input.phone_number, site.area);
  if (input.phone_number === undefined) {
    if (!phone && site.area === 'native' && account.credentialHash === null) errors.add('phone_number', 'blank');
  } else if (!phone) errors.add('phone_number', 'invalid');
  else if (account.phone && account.phone !== phone) errors.add('phone_number', 'already_bound');
  else if (!account.phone && (await findAccountByContact(deps.db, 'sms', phone))) errors.add('phone_number', 'used');
  const nickname = input.nickname.trim();
  const setsPassword = input.password !== undefined;
  if (setsPassword) errors.add('password', checkNewPassword(input.password!, [account.email, account.phone, phone, nickname]));
  else if (account.passwordHash === null) errors.add('password', 'blank');
  await checkNickname(deps, errors, nickname, accountId);
  const proof = await checkProofOfAccount(deps, account, { password: input.current_password, accountCode: input.account_code }, { password: 'current_password', accountCode: 'account_code' }, errors);
  errors.throwIfAny();
  // A new nickname is public profile text: screened before any code or proof is spent on it.
  await screenProfileChange(deps, accountId, site.area, account, { nickname });
  // The new phone's code first: a wrong one must not burn the owner's proof.
  const bindsPhone = phone !== null && account.phone !== phone;
  if (bindsPhone) await consumeCode(deps, phone, 'bind', input.code ?? '');
  await proof.spend();
  const passwordHash = setsPassword ? await hashPassword(input.password!) : account.passwordHash;
  const now = deps.clock.now();
  try {
    const { updated, afterCommit } = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(accounts)
        .set({ phone, passwordHash, nickname, gender: input.gender, updatedAt: now })
        .where(eq(accounts.id, accountId))
        .returning();
      const rewarded = phone !== null && (await completeTaskOnce(tx, accountId, 'bind_phone', BIND_TASK_SCORE));
      if (bindsPhone) await reachMilestone(tx, deps, accountId, 'bind_phone');
      if (setsPassword) {
        await revokeOtherSessions(deps, tx, accountId, session.familyId, now);
        await queueSecurityNotice(deps, tx, site.language, account, 'password_changed');
      }
      if (bindsPhone) await queueSecurityNotice(deps, tx, site.language, { email: account.email, phone: null }, 'phone_bound');
      const rewards = rewarded ? [{ accountId, task: 'bind_phone' as const, score: BIND_TASK_SCORE, area: site.area }] : [];
      return { updated: row!, afterCommit: await announceRewards(tx, deps, rewards) };
    });
    deps.outbox.deliverSoon();
    await afterCommit();
    return updated;
  } catch (err) {
    if (isUniqueViolation(err)) throw fail.unprocessable('phone_number', 'used');
    throw err;
  }
}
