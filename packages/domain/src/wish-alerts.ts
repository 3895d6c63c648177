/**
 * The wish-list alert (docs/product/messaging.md#wish-alert): a wished game whose price dropped or that was
 * released tells its wisher, at most once per this many days per account and game.
 */
export const WISH_ALERT_MIN_DAYS = 7;
const DAY_MS = 86_400_000;

/** What the alert last saw of a wished SKU (null: never looked at it yet). */
export interface WishAlertSeen {
  price: number;
  released: boolean;
  toldAt: Date | null;
}

/** A wished SKU as it is now. */
export interface WishAlertNow {
  price: number;
  released: boolean;
}

export type WishAlertReason = 'sale' | 'released';

/**
 * Whether to tell the wisher now, and why: a release wins over a price drop (both are news, one notice). The
 * first look only records a baseline (a game wished while on sale is no news); a change inside the week after
 * the last notice is swallowed, and the baseline moves on anyway so a later drop is measured from it.
 */
export function wishAlertReason(seen: WishAlertSeen | null, current: WishAlertNow, now: Date): WishAlertReason | null {
  if (!seen) return null;
  const reason: WishAlertReason | null = current.released && !seen.released ? 'released' : current.price < seen.price ? 'sale' : null;
  if (!reason) return null;
  if (seen.toldAt && now.getTime() - seen.toldAt.getTime() < WISH_ALERT_MIN_DAYS * DAY_MS) return null;
  return reason;
}
