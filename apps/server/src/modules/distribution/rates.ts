import { eq, inArray } from 'drizzle-orm';
import { isCommissionRate, scaleOf } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { fail } from '../../platform/errors.ts';
import { loadSkuRows } from '../catalog/index.ts';
import { skuCommissionRates } from './tables.ts';

/** The rates in force for these SKUs now (a SKU without a rate is left out). */
export async function ratesOf(db: DbOrTx, skuIds: readonly number[]): Promise<Map<number, number>> {
  if (skuIds.length === 0) return new Map();
  const rows = await db.select({ skuId: skuCommissionRates.skuId, rateBp: skuCommissionRates.rateBp }).from(skuCommissionRates)
    .where(inArray(skuCommissionRates.skuId, [...new Set(skuIds)]));
  return new Map(rows.map((r) => [r.skuId, r.rateBp]));
}

/** Staff set a SKU's rate: a whole number of basis points from 1 to the maximum (422 `rate_bp: invalid`), on a SKU that exists (404). */
export async function setCommissionRate(deps: Deps, staffId: number, skuId: number, rateBp: number) {
  if (!isCommissionRate(rateBp)) throw fail.unprocessable('rate_bp', 'invalid');
  if ((await loadSkuRows(deps.db, [skuId])).length === 0) throw fail.notFound('sku');
  const now = deps.clock.now();
  await deps.db.insert(skuCommissionRates).values({ skuId, rateBp, setBy: staffId, updatedAt: now })
    .onConflictDoUpdate({ target: skuCommissionRates.skuId, set: { rateBp, setBy: staffId, updatedAt: now } });
  return { sku_id: skuId, rate_bp: rateBp, scale: scaleOf(rateBp), updated_at_timestamp: toTimestamp(now) };
}

/** Staff clear a SKU's rate: later orders earn nothing on it; orders already placed keep the rate they were placed at. 404 when it had none. */
export async function clearCommissionRate(deps: Deps, skuId: number): Promise<void> {
  const cleared = await deps.db.delete(skuCommissionRates).where(eq(skuCommissionRates.skuId, skuId)).returning({ skuId: skuCommissionRates.skuId });
  if (cleared.length === 0) throw fail.notFound('commission_rate');
}
