/**
 * Paged lists (docs/product/README.md#paging): page 1 replaces what is shown, later pages append; a list is finished
 * when a page comes back shorter than asked.
 */
import { DEFAULT_PAGE, PER_MAX } from './constants.ts';

export function mergePage<T>(previous: readonly T[], next: readonly T[], page: number): T[] {
  return page <= 1 ? [...next] : [...previous, ...next];
}

export function isListFinished(returnedCount: number, per: number): boolean {
  return returnedCount < per;
}

/**
 * Reads `page` and `per` query values. Missing or malformed values take the defaults; per is
 * clamped to 1..PER_MAX rather than rejected, since a list is still a sensible answer.
 */
export function parsePaging(
  page: string | number | null | undefined,
  per: string | number | null | undefined,
  defaultPer: number,
): { page: number; per: number; offset: number } {
  const toInt = (value: string | number | null | undefined) => {
    if (value == null || value === '') return undefined;
    const n = Number(value);
    return Number.isInteger(n) ? n : undefined;
  };
  const p = Math.max(DEFAULT_PAGE, toInt(page) ?? DEFAULT_PAGE);
  const size = Math.min(PER_MAX, Math.max(1, toInt(per) ?? defaultPer));
  return { page: p, per: size, offset: (p - 1) * size };
}
