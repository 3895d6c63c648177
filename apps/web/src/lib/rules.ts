import { calendarDateInZone, checkPassword, isEmailValid, isPhoneValid, isRealNameValid, parseResidentIdNumber, type CalendarDate } from '@lantern/domain';

/** Today in the mainland calendar (identity numbers are mainland documents). */
export function todayInShanghai(): CalendarDate {
  return calendarDateInZone(Math.floor(Date.now() / 1000), 'Asia/Shanghai');
}

/** Client-side checks that mirror the server (docs/product/accounts.md); each returns a reason code or null. */
export function emailReason(v: string): string | null {
  if (!v.trim()) return 'blank';
  return isEmailValid(v.trim()) ? null : 'invalid';
}

export function phoneReason(v: string, area: 'native' | 'abroad'): string | null {
  if (!v.trim()) return 'blank';
  return isPhoneValid(v, area) ? null : 'invalid';
}

export function passwordReason(v: string): string | null {
  return checkPassword(v);
}

export function realNameReason(v: string): string | null {
  if (!v.trim()) return 'blank';
  return isRealNameValid(v) ? null : 'invalid';
}

export function idNumberReason(v: string): string | null {
  if (!v.trim()) return 'blank';
  return parseResidentIdNumber(v, todayInShanghai()).ok ? null : 'invalid';
}

export function codeReason(v: string): string | null {
  return v.trim() ? null : 'blank';
}
