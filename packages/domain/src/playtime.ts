/** Steam play time (docs/product/buying.md#playtime): seconds divided by 3600, shown in hours with one decimal. */
export function playtimeHours(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.round(seconds / 360) / 10;
}
