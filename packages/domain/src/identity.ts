/**
 * Real-name identity (docs/product/accounts.md#real-name-and-id): the real name and the mainland resident identity number
 * (GB 11643-1999). The original's pattern is unknown; this is the full standard.
 */
import { compareCalendarDates, isValidCalendarDate, type CalendarDate } from './calendar.ts';

/** Longest real name accepted, in characters. */
export const REAL_NAME_MAX_LENGTH = 30;

/**
 * Not blank after trimming. We also reject names over 30 characters and names with digits:
 * no registered name contains either (long minority names with a middle dot stay well under 30), and
 * each verification is a paid call to the identity service that also uses up one of the user's
 * limited attempts, so an obvious typo should fail here, for free.
 */
export function isRealNameValid(name: string | null | undefined): boolean {
  const trimmed = (name ?? '').trim();
  if (trimmed === '') return false;
  if ([...trimmed].length > REAL_NAME_MAX_LENGTH) return false;
  return !/\p{Nd}/u.test(trimmed);
}

export type Gender = 'male' | 'female';

export type ResidentIdParse =
  | { readonly ok: true; readonly birthDate: CalendarDate; readonly gender: Gender }
  | { readonly ok: false };

/** Earliest birth year accepted: nobody alive was born before it, and it rules out mistyped centuries. */
export const EARLIEST_BIRTH_YEAR = 1900;

/** Weights of the 17 leading digits: 2^(17-i) mod 11 (ISO 7064 MOD 11-2). */
const CHECK_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
/** Check character by (weighted sum mod 11). */
const CHECK_CHARS = '10X98765432';

/** The ISO 7064 MOD 11-2 check character for 17 digits, or null if the input is not 17 digits. */
export function residentIdCheckChar(first17: string): string | null {
  if (!/^\d{17}$/.test(first17)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (CHECK_WEIGHTS[i] ?? 0);
  return CHECK_CHARS[sum % 11] ?? null;
}

/**
 * 6-digit area code whose first digit is 1–8 (mainland areas, plus 8x used by residence permits of
 * Hong Kong, Macao and Taiwan residents), 8-digit birth date, 3-digit sequence, check character.
 */
const RESIDENT_ID = /^[1-8]\d{5}(\d{4})(\d{2})(\d{2})(\d{3})[\dX]$/;

/**
 * Parses an 18-character resident identity number. Surrounding spaces are ignored and a lowercase
 * x check character is accepted (people type it that way). The birth date must be a real calendar
 * date, not before 1900 and not after `today` (the site's current date, passed in by the caller).
 */
export function parseResidentIdNumber(code: string | null | undefined, today: CalendarDate): ResidentIdParse {
  const normalised = (code ?? '').trim().toUpperCase();
  const match = RESIDENT_ID.exec(normalised);
  if (!match) return { ok: false };
  const birthDate = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (!isValidCalendarDate(birthDate)) return { ok: false };
  if (birthDate.year < EARLIEST_BIRTH_YEAR || compareCalendarDates(birthDate, today) > 0) return { ok: false };
  if (residentIdCheckChar(normalised.slice(0, 17)) !== normalised[17]) return { ok: false };
  // The sequence code is odd for men and even for women (GB 11643-1999 §5.3).
  const gender: Gender = Number(match[4]) % 2 === 1 ? 'male' : 'female';
  return { ok: true, birthDate, gender };
}

export function isResidentIdNumberValid(code: string | null | undefined, today: CalendarDate): boolean {
  return parseResidentIdNumber(code, today).ok;
}

/**
 * Age in whole years on `today`. A birthday counts from the day itself. Someone born on 29 February
 * has a birthday on 1 March in common years, so they are never counted older before the date
 * they could have been born on.
 */
export function ageOn(birth: CalendarDate, today: CalendarDate): number {
  const hadBirthdayThisYear = today.month > birth.month || (today.month === birth.month && today.day >= birth.day);
  return today.year - birth.year - (hadBirthdayThisYear ? 0 : 1);
}

/** Under-8s may not register; an account found younger is marked safrv strong (docs/product/accounts.md#minimum-age). */
export const MINIMUM_AGE = 8;
/** Age of majority in the PRC; under it anti-addiction rules for minors apply. */
export const ADULT_AGE = 18;

export function isBelowMinimumAge(birth: CalendarDate, today: CalendarDate): boolean {
  return ageOn(birth, today) < MINIMUM_AGE;
}

export function isAdult(birth: CalendarDate, today: CalendarDate): boolean {
  return ageOn(birth, today) >= ADULT_AGE;
}
