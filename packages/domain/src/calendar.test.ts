import { describe, expect, it } from 'vitest';
import {
  calendarDateInZone,
  compareCalendarDates,
  daysInMonth,
  formatCalendarDate,
  isLeapYear,
  isValidCalendarDate,
} from './calendar.ts';

describe('calendar', () => {
  it('knows leap years, including the century rules', () => {
    expect(isLeapYear(2024)).toBe(true);
    expect(isLeapYear(2023)).toBe(false);
    expect(isLeapYear(1900)).toBe(false);
    expect(isLeapYear(2000)).toBe(true);
  });

  it('counts days per month', () => {
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2024, 4)).toBe(30);
    expect(daysInMonth(2024, 12)).toBe(31);
  });

  it('validates dates', () => {
    expect(isValidCalendarDate({ year: 2024, month: 2, day: 29 })).toBe(true);
    expect(isValidCalendarDate({ year: 2023, month: 2, day: 29 })).toBe(false);
    expect(isValidCalendarDate({ year: 2023, month: 13, day: 1 })).toBe(false);
    expect(isValidCalendarDate({ year: 2023, month: 0, day: 1 })).toBe(false);
    expect(isValidCalendarDate({ year: 2023, month: 4, day: 31 })).toBe(false);
    expect(isValidCalendarDate({ year: 2023, month: 4, day: 0 })).toBe(false);
    expect(isValidCalendarDate({ year: 2023, month: 4, day: 1.5 })).toBe(false);
  });

  it('compares dates', () => {
    const a = { year: 2024, month: 3, day: 1 };
    expect(compareCalendarDates(a, { year: 2024, month: 2, day: 29 })).toBeGreaterThan(0);
    expect(compareCalendarDates(a, { year: 2024, month: 3, day: 1 })).toBe(0);
    expect(compareCalendarDates(a, { year: 2025, month: 1, day: 1 })).toBeLessThan(0);
  });

  it('formats as YYYY-MM-DD', () => {
    expect(formatCalendarDate({ year: 2024, month: 3, day: 7 })).toBe('2024-03-07');
  });

  it('finds the date of an instant in a time zone', () => {
    // 2024-01-01T16:00:00Z is already 2 January in Shanghai (UTC+8) but still 1 January in UTC.
    const instant = Date.UTC(2024, 0, 1, 16, 0, 0) / 1000;
    expect(calendarDateInZone(instant, 'Asia/Shanghai')).toEqual({ year: 2024, month: 1, day: 2 });
    expect(calendarDateInZone(instant, 'UTC')).toEqual({ year: 2024, month: 1, day: 1 });
  });
});
