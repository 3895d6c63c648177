import { randomInt } from 'node:crypto';
import {
  calendarDateInZone, formatCalendarDate, isBelowMinimumAge, isNicknameSafe, isRealNameValid,
  maskCredential, maskRealName, parseResidentIdNumber, type Site,
} from '@lantern/domain';
import type { SignUpRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { FieldErrorList, fail } from '../../platform/errors.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { accounts } from './tables.ts';
import { findAccountByContact, normalizeContact } from './lookup.ts';
import { hashPassword } from './passwords.ts';
import { checkNewPassword } from './password-policy.ts';
import { consumeCode } from './codes.ts';
import { completeSignIn } from './sign-in.ts';
import { screenProfileChange } from './profile-text.ts';
import { runSignUpSteps } from './sign-up-steps.ts';
import { isCredentialHashTaken, isNicknameTaken, isUniqueViolation } from './uniqueness.ts';

/**
 * POST /api/accounts: sign up by e-mail or phone with the code sent to it. The mainland site also takes
 * the real name and resident ID number (anti-addiction); an ID showing an age under 8 cannot register.
 * Every field problem is reported at once; the captcha and the code are checked only when the fields are
 * sound, so neither is spent on a form that would fail anyway.
 */
export async function signUp(deps: Deps, site: Site, input: SignUpRequest['account'], ip = '') {
  const errors = new FieldErrorList();
  const channel = input.email ? 'email' : input.phone_number ? 'sms' : null;
  if (!channel) errors.add(site.area === 'native' ? 'phone_number' : 'email', 'blank');
  const target = channel ? normalizeContact(channel, (input.email ?? input.phone_number)!, site.area) : null;
  const contactField = channel === 'email' ? 'email' : 'phone_number';
  if (channel && !target) errors.add(contactField, 'invalid');
  if (channel && target && (await findAccountByContact(deps.db, channel, target))) errors.add(contactField, channel === 'email' ? 'taken' : 'used');

  errors.add('password', checkNewPassword(input.password, [input.email, input.phone_number, input.nickname]));
  if (input.password_confirmation !== input.password) errors.add('password_confirmation', 'confirmation');
  if (input.nickname !== undefined && input.nickname.trim() !== '') {
    if (!isNicknameSafe(input.nickname.trim())) errors.add('nickname', 'unsafe');
    else if (await isNicknameTaken(deps.db, input.nickname.trim())) errors.add('nickname', 'taken');
  }
  if (input.tos_agreement !== true) errors.add('tos_agreement', 'accepted');

  const today = calendarDateInZone(toTimestamp(deps.clock.now()), site.timeZone);
  let identity: { realName: string; credential: string; birth: string } | null = null;
  if (site.area === 'native' || input.credential_num) {
    const realName = (input.real_name ?? '').trim();
    const credential = (input.credential_num ?? '').trim().toUpperCase();
    if (!realName) errors.add('real_name', 'blank');
    else if (!isRealNameValid(realName)) errors.add('real_name', 'invalid');
    const parsed = parseResidentIdNumber(credential, today);
    if (!credential) errors.add('credential_num', 'blank');
    else if (!parsed.ok) errors.add('credential_num', 'invalid');
    else if (isBelowMinimumAge(parsed.birthDate, today)) errors.add('credential_num', 'under_age');
    else if (await isCredentialTaken(deps, credential)) errors.add('credential_num', 'taken');
    if (parsed.ok) identity = { realName, credential, birth: formatCalendarDate(parsed.birthDate) };
  }
  errors.throwIfAny();
  // A chosen nickname is public profile text: screened against the site's watched words (docs/product/accounts.md#profile-text).
  if (input.nickname !== undefined && input.nickname.trim() !== '') await screenProfileChange(deps, null, site.area, {}, { nickname: input.nickname.trim() });

  if (!(await deps.captcha.verify(input.captcha_id, input.captcha))) throw fail.unprocessable('captcha', 'invalid');
  if (identity) {
    const check = await deps.identity.verify(identity.realName, identity.credential, deps.clock.now());
    if (check === 'mismatch') throw fail.unprocessable('real_name', 'failed');
    if (check !== 'verified') throw fail.unprocessable('base', check);
  }
  await consumeCode(deps, target!, 'sign_up', input.code);

  const passwordHash = await hashPassword(input.password);
  try {
    const account = await deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(accounts)
        .values({
          email: channel === 'email' ? target : null,
          phone: channel === 'sms' ? target : null,
          nickname: input.nickname?.trim() || (await freeDefaultNickname(tx, site)),
          passwordHash,
          homeArea: site.area,
          region: site.regionDefault,
          // A new account is due to see the beginners' guide (docs/product/screens.md#guide).
          guideCompletedAt: null,
          ...(identity && {
            realNameEnc: deps.secrets.encrypt(identity.realName),
            realNameMasked: maskRealName(identity.realName),
            credentialHash: deps.secrets.hmac(identity.credential),
            credentialMasked: maskCredential(identity.credential),
            birthDate: identity.birth,
            identifiedAt: deps.clock.now(),
          }),
        })
        .returning();
      // Invitations record the invitee in this transaction (docs/product/engagement.md#invitations).
      await runSignUpSteps(tx, deps, { accountId: created!.id, area: site.area, ip, deviceId: input.device_id?.trim() || null, inviteCode: input.invite_code?.trim() || null });
      return created!;
    });
    return completeSignIn(deps, account, site);
  } catch (err) {
    // Lost a race with another sign-up for the same address, nickname or ID number.
    if (isUniqueViolation(err)) throw fail.unprocessable(contactField, 'taken');
    throw err;
  }
}

export function isCredentialTaken(deps: Deps, credential: string) {
  return isCredentialHashTaken(deps.db, deps.secrets.hmac(credential));
}

/** "玩家" or "Player" with six random digits, retried until free. */
async function freeDefaultNickname(db: DbOrTx, site: Site): Promise<string> {
  const prefix = site.language === 'zh-CN' ? '玩家' : 'Player';
  for (;;) {
    const candidate = `${prefix}${randomInt(100_000, 1_000_000)}`;
    if (!(await isNicknameTaken(db, candidate))) return candidate;
  }
}
