/**
 * Alipay speaks yuan as decimal strings ("12.34"); the store keeps fen (integer minor units). Both
 * directions use integer arithmetic on the digits only: a float would turn 0.07 yuan into 7.000000000000001 fen.
 */

/** At most ten integer digits (the store's amounts are 32-bit integers) and at most two decimals. */
const YUAN = /^(0|[1-9]\d{0,9})(?:\.(\d{1,2}))?$/;

/** Fen as a yuan string with two decimals: 1234 → "12.34", 5 → "0.05". */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`not an amount in fen: ${fen}`);
  return `${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** A yuan string as fen, or null when it is not a plain non-negative amount ("12.3" → 1230, "1e3" → null). */
export function yuanToFen(yuan: string): number | null {
  const match = YUAN.exec(yuan);
  if (!match) return null;
  const [, whole, decimals = ''] = match;
  return Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
}
