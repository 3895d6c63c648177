/** The one source of "now" for services, so tests can move time instead of waiting. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export function toTimestamp(date: Date): number;
export function toTimestamp(date: Date | null | undefined): number | null;
export function toTimestamp(date: Date | null | undefined) {
  return date ? Math.floor(date.getTime() / 1000) : null;
}
