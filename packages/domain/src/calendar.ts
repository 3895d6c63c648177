/**
 * Calendar dates without a time of day or a time zone (birth dates, "today" in a site's zone).
 * Rules take "today" as an argument so they never depend on the machine's clock or zone.
 */
export interface CalendarDate {
  readonly year: number;
  readonly month: number; // 1..12
  readonly day: number; // 1..31
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function isValidCalendarDate(date: CalendarDate): boolean {
  const { year, month, day } = date;
  if (![year, month, day].every(Number.isInteger)) return false;
  if (month < 1 || month > 12) return false;
  return day >= 1 && day <= daysInMonth(year, month);
}

/** Negative when a is earlier than b, 0 when equal, positive when later. */
export function compareCalendarDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** 'YYYY-MM-DD' (years are 4 digits in every date we handle). */
export function formatCalendarDate(date: CalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/**
 * One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one, and this runs
 * on every signed-in read of the account (today's check-in). An unknown zone throws, as the constructor does,
 * and is not remembered.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, calendar: 'gregory', numberingSystem: 'latn', year: 'numeric', month: 'numeric', day: 'numeric' });
    formats.set(timeZone, format);
  }
  return format;
}

/**
 * The calendar date an instant falls on in an IANA time zone. Intl does the zone maths so that
 * offsets and their history come from the platform's time-zone database rather than from us.
 */
export function calendarDateInZone(epochSeconds: number, timeZone: string): CalendarDate {
  const parts = dateFormatIn(timeZone).formatToParts(new Date(epochSeconds * 1000));
  const part = (type: 'year' | 'month' | 'day') => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}
