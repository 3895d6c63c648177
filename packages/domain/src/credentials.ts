/**
 * Passwords, e-mail addresses, phone numbers and login names (docs/product/accounts.md#passwords; the product sets no sign-up bounds,
 * so these are ours).
 */
import type { Area } from './sites.ts';

export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase or password manager, short enough that hashing stays cheap. */
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = 'blank' | 'too_short' | 'too_long' | 'invalid';

/**
 * Null when acceptable. Lengths count characters (code points), not UTF-16 units.
 * 'invalid' means a password made of one kind of character only — all digits, all letters or all
 * symbols: those fall to the first minutes of a dictionary or brute-force run (a birthday, a phone
 * number, a word), and "letters plus digits" is the rule users of Chinese sites already expect. Control
 * characters are invalid too: they cannot be typed back reliably on another device.
 */
export function checkPassword(password: string | null | undefined): PasswordProblem | null {
  if (password == null || password.trim() === '') return 'blank';
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'too_short';
  if (length > PASSWORD_MAX_LENGTH) return 'too_long';
  if (/\p{Cc}/u.test(password)) return 'invalid';
  const classes = [/\p{L}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u].filter((re) => re.test(password)).length;
  return classes < 2 ? 'invalid' : null;
}

/** RFC 5321 limits: 254 characters for the whole address, 64 for the local part. */
export const EMAIL_MAX_LENGTH = 254;
const EMAIL_LOCAL_MAX_LENGTH = 64;
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LEVEL = /^([A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/**
 * A pragmatic subset of RFC 5322: a dot-atom local part and a DNS host name with at least two
 * labels. Quoted local parts, comments and IP-literal domains are refused: they are legal but
 * practically never real, and they are where injection tricks hide. Internationalised domains
 * are accepted in their xn-- form.
 */
export function isEmailValid(email: string | null | undefined): boolean {
  if (email == null || email.length > EMAIL_MAX_LENGTH) return false;
  const at = email.lastIndexOf('@');
  if (at <= 0) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > EMAIL_LOCAL_MAX_LENGTH || !LOCAL_PART.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => DOMAIN_LABEL.test(label))) return false;
  return TOP_LEVEL.test(labels[labels.length - 1] ?? '');
}

/**
 * Trim and lowercase. Lowercasing the local part is not strictly RFC-correct, but no mailbox
 * provider users meet is case-sensitive, and one account per address regardless of case is what
 * users expect.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Mainland mobile number: 11 digits starting 13–19. */
const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
/** E.164: a plus, a country code not starting with 0, 7 to 15 digits in all. */
const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * Canonical form for storage and lookup. Separators people type (spaces, dashes, dots, brackets)
 * are dropped and a 00 international prefix becomes +. On the native site a +86 / 0086 / 86 country
 * code is removed, leaving the 11-digit mobile number. The result is not validated.
 */
export function normalizePhone(phone: string, area: Area): string {
  let compact = phone.trim().replace(/[\s\-.()（）]/g, '');
  if (compact.startsWith('00')) compact = `+${compact.slice(2)}`;
  if (area === 'native') {
    if (compact.startsWith('+86')) return compact.slice(3);
    // 13 digits starting 861 can only be a mainland mobile number with its country code.
    if (/^861\d{10}$/.test(compact)) return compact.slice(2);
  }
  return compact;
}

/** Native: a mainland mobile number (with or without +86). Abroad: an E.164 number. */
export function isPhoneValid(phone: string | null | undefined, area: Area): boolean {
  if (phone == null) return false;
  const normalised = normalizePhone(phone, area);
  return area === 'native' ? MAINLAND_MOBILE.test(normalised) : E164.test(normalised);
}

export type LoginKind = 'email' | 'phone' | 'nickname';

/**
 * What a sign-in name is. Anything with an @ is an e-mail address; anything that is a valid phone
 * number on either site is a phone number; the rest is a nickname.
 */
export function classifyLogin(login: string): LoginKind {
  const trimmed = login.trim();
  if (trimmed.includes('@')) return 'email';
  if (isPhoneValid(trimmed, 'native') || isPhoneValid(trimmed, 'abroad')) return 'phone';
  return 'nickname';
}

/**
 * The lowest strength score (0–4, as a zxcvbn-style estimator gives it) a new password must reach, on top
 * of the composition rules above. 3 means the estimator puts it beyond 10^8 guesses: out of reach of
 * online guessing by a wide margin and costly offline against our argon2id hashes. Composition alone
 * lets through `Password1` or `Qwerty123`, which every cracking list tries first.
 */
export const PASSWORD_MIN_STRENGTH_SCORE = 3;

export function isPasswordStrongEnough(score: number): boolean {
  return score >= PASSWORD_MIN_STRENGTH_SCORE;
}
