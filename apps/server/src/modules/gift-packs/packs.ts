import { and, asc, eq, gt, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import { giftPackRefusal, offerStatus, sortGiftPacks, type Area } from '@lantern/domain';
import type { GiftPack } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { couponsByIds, grantCoupon, heldCouponId } from '../coupons/index.ts';
import { giftPackClaims, giftPackCoupons, giftPacks, giftPackSkus } from './tables.ts';

type PackRow = typeof giftPacks.$inferSelect;

const windowOf = (row: PackRow) => ({ from_timestamp: toTimestamp(row.fromAt), to_timestamp: toTimestamp(row.toAt) });

/** Packs with their coupons, games and the account's claimed state, in gift-pack order (docs/product/deals.md#gift-pack-ordering). */
export async function presentPacks(db: DbOrTx, rows: readonly PackRow[], accountId: number | null, now: Date): Promise<GiftPack[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [couponLinks, skuLinks, claims] = await Promise.all([
    db.select().from(giftPackCoupons).where(inArray(giftPackCoupons.packId, ids)).orderBy(asc(giftPackCoupons.position)),
    db.select().from(giftPackSkus).where(inArray(giftPackSkus.packId, ids)).orderBy(asc(giftPackSkus.skuId)),
    accountId === null ? Promise.resolve([]) : db.select({ packId: giftPackClaims.packId }).from(giftPackClaims).where(and(eq(giftPackClaims.accountId, accountId), inArray(giftPackClaims.packId, ids))),
  ]);
  const coupons = await couponsByIds(db, couponLinks.map((l) => l.couponId));
  const claimed = new Set(claims.map((c) => c.packId));
  const nowSec = toTimestamp(now);
  return sortGiftPacks(rows.map((row) => ({
    id: row.id,
    area: row.area,
    title: row.title,
    weight: row.weight,
    created_at_timestamp: toTimestamp(row.createdAt),
    ...windowOf(row),
    status: row.closed ? 'end' as const : offerStatus(windowOf(row), nowSec),
    coupons: couponLinks.filter((l) => l.packId === row.id).flatMap((l) => {
      const c = coupons.get(l.couponId);
      return c ? [{ id: c.id, title: c.title, discount_type: c.discount_type, value: c.value, minimum_order: c.minimum_order, valid_until_timestamp: c.valid_until_timestamp }] : [];
    }),
    sku_ids: skuLinks.filter((l) => l.packId === row.id).map((l) => l.skuId),
    claimed: claimed.has(row.id),
  })));
}

function liveSql(area: Area, now: Date): SQL {
  return and(eq(giftPacks.area, area), eq(giftPacks.closed, false), lte(giftPacks.fromAt, now), or(isNull(giftPacks.toAt), gt(giftPacks.toAt, now)))!;
}

/** GET /api/event_gift_packs: the site's live packs, with the viewer's claimed state when signed in. */
export async function listGiftPacks(deps: Deps, area: Area, accountId: number | null): Promise<{ event_gift_packs: GiftPack[] }> {
  const now = deps.clock.now();
  const rows = await deps.db.select().from(giftPacks).where(liveSql(area, now));
  return { event_gift_packs: await presentPacks(deps.db, rows, accountId, now) };
}

/** The live packs tied to a SKU (the game page's gift packs), provided to the catalogue's SKU service. */
export async function skuGiftPacks(deps: Deps, area: Area, accountId: number, skuId: number): Promise<GiftPack[]> {
  const now = deps.clock.now();
  const tied = deps.db.select({ id: giftPackSkus.packId }).from(giftPackSkus).where(eq(giftPackSkus.skuId, skuId));
  const rows = await deps.db.select().from(giftPacks).where(and(liveSql(area, now), inArray(giftPacks.id, tied)));
  return presentPacks(deps.db, rows, accountId, now);
}

/**
 * PATCH /api/event_gift_packs/{id}: every coupon of the pack, once per account, in one transaction. The
 * claim row's unique key makes "once" hold under concurrent claims (the loser waits for the winner's
 * commit and finds the row). A coupon the account holds already is kept as it is; one run out refuses the
 * whole pack (`no_inventory`), so a pack is never half claimed. Ended or closed: `inactive`.
 */
export async function claimGiftPack(deps: Deps, accountId: number, area: Area, packId: number): Promise<{ event_gift_pack: GiftPack; account_coupon_ids: number[] }> {
  const now = deps.clock.now();
  const [pack] = await deps.db.select().from(giftPacks).where(and(eq(giftPacks.id, packId), eq(giftPacks.area, area))).limit(1);
  if (!pack) throw fail.notFound();
  const early = giftPackRefusal({ ...windowOf(pack), closed: pack.closed, claimed: false }, toTimestamp(now));
  if (early) throw fail.unprocessable('event_gift_pack', early);
  const accountCouponIds = await deps.db.transaction(async (tx) => {
    const inserted = await tx.insert(giftPackClaims).values({ packId, accountId, createdAt: now }).onConflictDoNothing().returning({ id: giftPackClaims.id });
    if (inserted.length === 0) throw fail.unprocessable('event_gift_pack', 'already_claimed');
    const links = await tx.select().from(giftPackCoupons).where(eq(giftPackCoupons.packId, packId)).orderBy(asc(giftPackCoupons.position));
    const ids: number[] = [];
    for (const link of links) {
      // Held already: skipped before a unit is taken (grantCoupon takes the unit, then finds it held).
      const held = await heldCouponId(tx, accountId, link.couponId);
      if (held !== null) {
        ids.push(held);
        continue;
      }
      const granted = await grantCoupon(tx, accountId, area, link.couponId, now);
      if ('accountCouponId' in granted) ids.push(granted.accountCouponId);
      else if (granted.problem === 'exhausted') throw new AppError(422, { event_gift_pack: ['no_inventory'] }, { coupon_id: link.couponId });
      else if (granted.problem === 'unavailable') throw new AppError(422, { event_gift_pack: ['inactive'] }, { coupon_id: link.couponId });
      // Claimed from the coupon page at this very moment: roll back (its unit with it), ask again.
      else throw fail.conflict('event_gift_pack', 'busy');
    }
    return ids;
  });
  const [presented] = await presentPacks(deps.db, [pack], accountId, now);
  return { event_gift_pack: presented!, account_coupon_ids: accountCouponIds };
}
