import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Area } from '@lantern/domain';
import type { GiftPack, createGiftPackRequest, updateGiftPackRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import { loadSkuRows } from '../catalog/index.ts';
import { couponAreaOf } from '../coupons/index.ts';
import { presentPacks } from './packs.ts';
import { giftPackCoupons, giftPacks, giftPackSkus } from './tables.ts';

type CreateInput = z.infer<typeof createGiftPackRequest>['event_gift_pack'];
type UpdateInput = z.infer<typeof updateGiftPackRequest>['event_gift_pack'];

const atSec = (sec: number) => new Date(sec * 1000);

async function presentOne(deps: Deps, id: number): Promise<GiftPack> {
  const rows = await deps.db.select().from(giftPacks).where(eq(giftPacks.id, id));
  return (await presentPacks(deps.db, rows, null, deps.clock.now()))[0]!;
}

/** The games must be SKUs of the pack's site, each once. */
async function setSkus(tx: Tx, packId: number, area: Area, skuIds: readonly number[]): Promise<void> {
  if (new Set(skuIds).size !== skuIds.length) throw fail.unprocessable('sku_ids', 'duplicate');
  const rows = await loadSkuRows(tx, skuIds);
  if (rows.length !== skuIds.length || rows.some((r) => r.sku.area !== area)) throw fail.unprocessable('sku_ids', 'invalid');
  await tx.delete(giftPackSkus).where(eq(giftPackSkus.packId, packId));
  if (skuIds.length > 0) await tx.insert(giftPackSkus).values(skuIds.map((skuId) => ({ packId, skuId })));
}

/** POST /api/admin/event_gift_packs: coupons of the pack's site, each once; the games whose page shows it. */
export async function createGiftPack(deps: Deps, input: CreateInput): Promise<GiftPack> {
  if (input.to_timestamp != null && input.to_timestamp <= input.from_timestamp) throw fail.unprocessable('to_timestamp', 'invalid');
  if (new Set(input.coupon_ids).size !== input.coupon_ids.length) throw fail.unprocessable('coupon_ids', 'duplicate');
  const areas = await Promise.all(input.coupon_ids.map((id) => couponAreaOf(deps.db, id)));
  if (areas.some((a) => a !== input.area)) throw fail.unprocessable('coupon_ids', 'invalid');
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(giftPacks).values({
      area: input.area, title: input.title, weight: input.weight ?? 0, fromAt: atSec(input.from_timestamp),
      toAt: input.to_timestamp == null ? null : atSec(input.to_timestamp), createdAt: now, updatedAt: now,
    }).returning({ id: giftPacks.id });
    await tx.insert(giftPackCoupons).values(input.coupon_ids.map((couponId, position) => ({ packId: row!.id, couponId, position })));
    await setSkus(tx, row!.id, input.area, input.sku_ids ?? []);
    return row!.id;
  });
  return presentOne(deps, id);
}

/** PATCH /api/admin/event_gift_packs/{id}: what is given; `sku_ids` replaces the games; `closed: true` ends it. Its coupons stay as claimed. */
export async function updateGiftPack(deps: Deps, id: number, input: UpdateInput): Promise<GiftPack> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(giftPacks).where(eq(giftPacks.id, id)).for('update');
    if (!row) throw fail.notFound();
    const fromAt = input.from_timestamp === undefined ? row.fromAt : atSec(input.from_timestamp);
    const toAt = input.to_timestamp === undefined ? row.toAt : input.to_timestamp === null ? null : atSec(input.to_timestamp);
    if (toAt && toAt.getTime() <= fromAt.getTime()) throw fail.unprocessable('to_timestamp', 'invalid');
    await tx.update(giftPacks).set({ title: input.title, weight: input.weight, fromAt, toAt, closed: input.closed, updatedAt: deps.clock.now() }).where(eq(giftPacks.id, id));
    if (input.sku_ids) await setSkus(tx, id, row.area, input.sku_ids);
  });
  return presentOne(deps, id);
}

