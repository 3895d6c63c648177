/**
 * Points (docs/product/accounts.md#points): score is spendable, history_score is what was earned before (kept for
 * the total), and check-in (clock_in) earns points once per calendar day of the site.
 */
import { calendarDateInZone, formatCalendarDate } from './calendar.ts';

/** Binding an e-mail address or a phone number is a task worth 10 points (docs/product/accounts.md#binding-points). */
export const BIND_TASK_SCORE = 10;
/** Ours: half a binding task per daily check-in, so a month of check-ins is worth 15 tasks. */
export const CLOCK_IN_SCORE = 5;

/** Point detail kinds: produce (earned) and consume (spent). */
export const POINT_KINDS = ['produce', 'consume'] as const;
export type PointKind = (typeof POINT_KINDS)[number];

/** Total score = score + history_score. */
export function totalScore(points: { score: number; history_score: number }): number {
  return points.score + points.history_score;
}

/**
 * The check-in day ('YYYY-MM-DD') an instant belongs to in the site's time zone, so a day on the
 * mainland site starts at midnight Beijing time whatever zone the server runs in.
 */
export function clockInDay(epochSeconds: number, timeZone: string): string {
  return formatCalendarDate(calendarDateInZone(epochSeconds, timeZone));
}

/** A second check-in on the same day answers greater_than (docs/product/accounts.md#check-in). */
export function hasClockedInToday(lastClockInAtSec: number | null, nowSec: number, timeZone: string): boolean {
  return lastClockInAtSec !== null && clockInDay(lastClockInAtSec, timeZone) === clockInDay(nowSec, timeZone);
}
