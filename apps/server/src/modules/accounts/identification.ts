import { and, count, eq, sql } from 'drizzle-orm';
import {
  IDENTITY_NUMBER_DAILY_FAILURE_LIMIT, calendarDateInZone, formatCalendarDate, identificationLimitReached,
  identificationRemaining, isBelowMinimumAge, isRealNameValid, maskCredential, maskRealName, parseResidentIdNumber,
  type Site, type ReasonCode,
} from '@lantern/domain';
import type { IdentificationRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { accounts, identificationAttempts } from './tables.ts';
import { isCredentialHashTaken, isUniqueViolation } from './uniqueness.ts';
import { loadAccount } from './profile.ts';
import { revokeAllSessions } from './sessions.ts';

/** Rows created on the site's current calendar day: daily limits roll over at the site's midnight. */
function onSiteDay(column: typeof identificationAttempts.createdAt, site: Site, today: string) {
  return sql`(${column} AT TIME ZONE ${site.timeZone})::date = ${today}::date`;
}

/**
 * POST /api/identification (docs/product/accounts.md#identification). Each attempt that reaches the identity service counts toward the
 * account's daily and lifetime limits; every refusal carries the remaining counts in `meta`. An identity
 * showing an age under 8 marks the account `safrv: strong` and signs it out (docs/product/accounts.md#minimum-age).
 */
export async function identify(deps: Deps, site: Site, accountId: number, input: IdentificationRequest['identification']) {
  const now = deps.clock.now();
  const account = await loadAccount(deps, accountId);
  const todayDate = calendarDateInZone(toTimestamp(now), site.timeZone);
  const todayText = formatCalendarDate(todayDate);
  const [[today], [total]] = await Promise.all([
    deps.db.select({ n: count() }).from(identificationAttempts).where(and(eq(identificationAttempts.accountId, accountId), onSiteDay(identificationAttempts.createdAt, site, todayText))),
    deps.db.select({ n: count() }).from(identificationAttempts).where(eq(identificationAttempts.accountId, accountId)),
  ]);
  const attempts = { today: today?.n ?? 0, total: total?.n ?? 0 };
  const refuse = (field: string, reason: ReasonCode, used = attempts) =>
    new AppError(422, { [field]: [reason] }, { ...identificationRemaining(used) });

  if (account.credentialHash) throw refuse('base', 'already_identified');
  const limit = identificationLimitReached(attempts);
  if (limit) throw refuse('base', limit);

  const name = input.name.trim();
  const code = input.code.trim().toUpperCase();
  if (!isRealNameValid(name)) throw refuse('name', 'invalid');
  const parsed = parseResidentIdNumber(code, todayDate);
  if (!parsed.ok) throw refuse('code', 'invalid');
  const credentialHash = deps.secrets.hmac(code);
  if (await isCredentialHashTaken(deps.db, credentialHash)) throw refuse('code', 'taken');
  const [numberFailures] = await deps.db
    .select({ n: count() })
    .from(identificationAttempts)
    .where(and(eq(identificationAttempts.credentialHash, credentialHash), eq(identificationAttempts.outcome, 'failed'), onSiteDay(identificationAttempts.createdAt, site, todayText)));
  if ((numberFailures?.n ?? 0) >= IDENTITY_NUMBER_DAILY_FAILURE_LIMIT) throw refuse('code', 'too_many');

  const check = await deps.identity.verify(name, code, now);
  if (check === 'day_api_limit' || check === 'year_api_limit') throw refuse('base', check);
  const used = { today: attempts.today + 1, total: attempts.total + 1 };
  if (check === 'mismatch') {
    await deps.db.insert(identificationAttempts).values({ accountId, credentialHash, outcome: 'failed', createdAt: now });
    throw refuse('base', 'failed', used);
  }
  const minor = isBelowMinimumAge(parsed.birthDate, todayDate);
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(identificationAttempts).values({ accountId, credentialHash, outcome: 'verified', createdAt: now });
      await tx
        .update(accounts)
        .set({
          realNameEnc: deps.secrets.encrypt(name),
          realNameMasked: maskRealName(name),
          credentialHash,
          credentialMasked: maskCredential(code),
          birthDate: formatCalendarDate(parsed.birthDate),
          identifiedAt: now,
          ...(minor && { safrv: 'strong' as const }),
          updatedAt: now,
        })
        .where(eq(accounts.id, accountId));
      if (minor) await revokeAllSessions(deps, tx, accountId, now);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw refuse('code', 'taken');
    throw err;
  }
  return { minor };
}
