/**
 * Flash-sale (seckill) status, derived from the server's time (docs/product/deals.md#flash-sale-status). Event times arrive in
 * seconds and are compared in milliseconds.
 */
export const SECKILL_STATUSES = ['current', 'not_start', 'end'] as const;
export type SeckillStatus = (typeof SECKILL_STATUSES)[number];

export function secondsToMs(seconds: number): number {
  return seconds * 1000;
}

/**
 * current strictly between from and to; not_start at or before from; end at or after to. At the
 * exact opening instant the sale has not started, so the first buyer is served after it.
 */
export function seckillStatus(nowMs: number, fromSec: number, toSec: number): SeckillStatus {
  if (nowMs <= secondsToMs(fromSec)) return 'not_start';
  if (nowMs >= secondsToMs(toSec)) return 'end';
  return 'current';
}

export interface SeckillWindow {
  readonly from_timestamp: number;
  readonly to_timestamp: number;
}

/**
 * Lists group as current, pre (not started) and history (ended). Order within each group
 * is kept: the caller sorts.
 */
export function groupSeckills<T extends SeckillWindow>(
  events: readonly T[],
  nowMs: number,
): { current: T[]; pre: T[]; history: T[] } {
  const groups = { current: [] as T[], pre: [] as T[], history: [] as T[] };
  for (const event of events) {
    const status = seckillStatus(nowMs, event.from_timestamp, event.to_timestamp);
    groups[status === 'current' ? 'current' : status === 'not_start' ? 'pre' : 'history'].push(event);
  }
  return groups;
}
