/**
 * Store-home layout content (docs/product/catalogue.md#store-home).
 */
import { HOT_GROUP_CAP, MALL_INDEX_HEADLINE_CAP } from './constants.ts';

/** Cube kinds with a cap on how many items they show. Other kinds are not capped. */
export const CUBE_CAPS: Readonly<Record<string, number>> = {
  Hot_Group: HOT_GROUP_CAP,
  Mall_Index_Headline: MALL_INDEX_HEADLINE_CAP,
};

export function capCubes<T>(kind: string, items: readonly T[]): T[] {
  const cap = CUBE_CAPS[kind];
  return cap === undefined ? [...items] : items.slice(0, cap);
}

/** A spring board is shown only until its ended_at_timestamp (null: no end). */
export function isSpringboardVisible(endedAtSec: number | null | undefined, nowSec: number): boolean {
  return endedAtSec == null || nowSec < endedAtSec;
}

/** Live from started_at (inclusive) until ended_at (exclusive); a missing bound is open. */
export function isLayoutContentLive(
  startedAtSec: number | null | undefined,
  endedAtSec: number | null | undefined,
  nowSec: number,
): boolean {
  return (startedAtSec == null || nowSec >= startedAtSec) && isSpringboardVisible(endedAtSec, nowSec);
}
