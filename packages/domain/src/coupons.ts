/**
 * Orderings of coupons and gift packs (docs/product/buying.md#ordering-rules). Every sort ends on the id so that equal items keep
 * a stable, reproducible order across requests and pages. Sorts return new arrays.
 */
export interface SettlementCoupon {
  readonly id: number;
  readonly value: number;
  readonly minimum_order: number;
  /** Null for a coupon that never expires. */
  readonly valid_until_timestamp: number | null;
}

export interface DatedCoupon {
  readonly id: number;
  readonly created_at_timestamp: number;
}

export interface GiftPack {
  readonly id: number;
  readonly weight: number;
  readonly created_at_timestamp: number;
}

function endOf(coupon: SettlementCoupon): number {
  return coupon.valid_until_timestamp ?? Number.POSITIVE_INFINITY;
}

/**
 * Automatic settlement picks coupons in this order: value descending, minimum_order descending,
 * end time ascending (the one expiring first is used first, so the other survives), then id.
 * A higher minimum order at equal value goes first because the cheaper-to-reach coupon stays
 * usable for more future orders. Coupons without an end come last among equals.
 */
export function sortCouponsForSettlement<T extends SettlementCoupon>(coupons: readonly T[]): T[] {
  return [...coupons].sort((a, b) => {
    if (a.value !== b.value) return b.value - a.value;
    if (a.minimum_order !== b.minimum_order) return b.minimum_order - a.minimum_order;
    const endA = endOf(a);
    const endB = endOf(b);
    if (endA !== endB) return endA < endB ? -1 : 1;
    return a.id - b.id;
  });
}

/** Coupons are listed newest first (by when the account received them, then id). */
export function sortCouponsNewestFirst<T extends DatedCoupon>(coupons: readonly T[]): T[] {
  return [...coupons].sort((a, b) => b.created_at_timestamp - a.created_at_timestamp || b.id - a.id);
}

/** Gift packs by weight, then creation time, both descending, then id. */
export function sortGiftPacks<T extends GiftPack>(packs: readonly T[]): T[] {
  return [...packs].sort(
    (a, b) => b.weight - a.weight || b.created_at_timestamp - a.created_at_timestamp || b.id - a.id,
  );
}
