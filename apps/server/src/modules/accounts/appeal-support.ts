import { eq } from 'drizzle-orm';
import { isUnderRecoveryHold, recoveryHoldEndsAt, type Area, type Language } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { accounts } from './tables.ts';
import { findAccount, findAccountByContact, normalizeContact, type Account } from './lookup.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { checkNewPassword } from './password-policy.ts';
import { consumeCode } from './codes.ts';
import { queueSecurityNotice } from './security-notices.ts';
import { revokeAllSessions } from './sessions.ts';
import { isUniqueViolation } from './uniqueness.ts';

/**
 * What the appeals module needs of accounts (docs/product/engagement.md#appeals), and nothing more: finding
 * the appealed account by what the appellant knows, weighing an old password, and the resets an accepted
 * appeal's token allows, each in the caller's transaction. Also the recovery hold a reset leaves behind,
 * which redeeming and wallet payments ask (docs/product/accounts.md#recovery-hold).
 */

export type AppealChannel = 'email' | 'sms';

/** A contact as stored (normalized), or null when it is not a valid one. */
export const normalizeAppealContact = (channel: AppealChannel, raw: string, area: Area) => normalizeContact(channel, raw, area);

export interface AppealedAccount {
  id: number;
  homeArea: Area;
  email: string | null;
  phone: string | null;
  emailMatches: boolean;
  phoneMatches: boolean;
}

/**
 * The open account the known e-mail or phone points at (the e-mail first). Both given and pointing at two
 * different accounts: the e-mail's, with the phone not matching.
 */
export async function findAppealedAccount(db: DbOrTx, email: string | null, phone: string | null): Promise<AppealedAccount | null> {
  const byEmail = email ? await findAccountByContact(db, 'email', email) : undefined;
  const account = byEmail ?? (phone ? await findAccountByContact(db, 'sms', phone) : undefined);
  if (!account) return null;
  return {
    id: account.id, homeArea: account.homeArea, email: account.email, phone: account.phone,
    emailMatches: email !== null && account.email === email, phoneMatches: phone !== null && account.phone === phone,
  };
}

/** Whether `password` is the account's current password (argon2 time is spent even without one). */
export async function appealPasswordMatches(db: DbOrTx, accountId: number, password: string): Promise<boolean> {
  const account = await findAccount(db, accountId);
  return verifyPassword(account?.passwordHash, password);
}

/** The account's current contacts: the "old contacts" an appeal tells and lets deny. */
export async function contactsOfAccount(db: DbOrTx, accountId: number): Promise<{ email: string | null; phone: string | null; language: Language } | null> {
  const account = await findAccount(db, accountId);
  if (!account) return null;
  return { email: account.email, phone: account.phone, language: account.homeArea === 'native' ? 'zh-CN' : 'en' };
}

/** A code sent to the appeal's contact e-mail (purpose appeal), counted before compared; wrong is `message: invalid`. */
export const consumeAppealContactCode = (deps: Deps, email: string, code: string) => consumeCode(deps, email, 'appeal', code, 'message');

/** A code sent to a new e-mail or phone (purpose bind), counted before compared; wrong is `code: invalid`. */
export const consumeNewContactCode = (deps: Deps, target: string, code: string) => consumeCode(deps, target, 'bind', code, 'code');

/** A new password's problem, as at sign-up (too_short, invalid, too_weak), or null. */
export async function appealNewPasswordProblem(db: DbOrTx, accountId: number, password: string) {
  const account = await findAccount(db, accountId);
  return checkNewPassword(password, [account?.email, account?.phone, account?.nickname]);
}

/** Whether an e-mail or phone is already bound to some account (`taken` at sign-up). */
export async function isContactTaken(db: DbOrTx, channel: AppealChannel, target: string): Promise<boolean> {
  return (await findAccountByContact(db, channel, target)) !== undefined;
}

/** What a completed reset does beside the change: every session out, every old contact told, the recovery hold. */
async function afterReset(tx: Tx, deps: Deps, account: Account, notice: 'password_changed' | 'email_changed' | 'phone_changed', now: Date) {
  await tx.update(accounts).set({ recoveryHoldUntil: new Date(recoveryHoldEndsAt(now.getTime())), lockedAt: null, updatedAt: now }).where(eq(accounts.id, account.id));
  await revokeAllSessions(deps, tx, account.id, now);
  await queueSecurityNotice(deps, tx, account.homeArea === 'native' ? 'zh-CN' : 'en', account, notice);
}

/** An appeal's password reset, in the caller's transaction (the one that spends the token). */
export async function resetPasswordByAppeal(tx: Tx, deps: Deps, accountId: number, password: string, now: Date): Promise<void> {
  const account = await findAccount(tx, accountId);
  if (!account) throw fail.unprocessable('account', 'not_found');
  await tx.update(accounts).set({ passwordHash: await hashPassword(password) }).where(eq(accounts.id, accountId));
  await afterReset(tx, deps, account, 'password_changed', now);
}

/**
 * An appeal's e-mail or phone reset, in the caller's transaction: the new contact replaces the old one, which
 * is told (with the other old one). A contact bound meanwhile by someone else is `taken` (the unique index).
 */
export async function resetContactByAppeal(tx: Tx, deps: Deps, accountId: number, channel: AppealChannel, target: string, now: Date): Promise<void> {
  const account = await findAccount(tx, accountId);
  if (!account) throw fail.unprocessable('account', 'not_found');
  try {
    await tx.update(accounts).set(channel === 'email' ? { email: target } : { phone: target }).where(eq(accounts.id, accountId));
  } catch (err) {
    if (isUniqueViolation(err)) throw fail.unprocessable(channel === 'email' ? 'email' : 'phone_number', 'taken');
    throw err;
  }
  await afterReset(tx, deps, account, channel === 'email' ? 'email_changed' : 'phone_changed', now);
}

/** Until when the account may not redeem or spend its wallet, or null (docs/product/accounts.md#recovery-hold). */
export async function recoveryHoldOf(db: DbOrTx, accountId: number, now: Date): Promise<Date | null> {
  const [row] = await db.select({ until: accounts.recoveryHoldUntil }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  const until = row?.until ?? null;
  return until && isUnderRecoveryHold(until.getTime(), now.getTime()) ? until : null;
}

/**
 * Refuses redeeming and wallet spending while the recovery hold lasts: 422 `{field}: recovery_hold` with
 * `meta.recovery_hold_until_timestamp`, so the page can say until when.
 */
export async function assertNoRecoveryHold(db: DbOrTx, accountId: number, now: Date, field: string): Promise<void> {
  const until = await recoveryHoldOf(db, accountId, now);
  if (until) throw fail.unprocessable(field, 'recovery_hold', { recovery_hold_until_timestamp: toTimestamp(until) });
}
