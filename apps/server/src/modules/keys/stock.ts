import { count, desc, eq, sql } from 'drizzle-orm';
import type { KeyStock } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { fail } from '../../platform/errors.ts';
import { loadSkuRows } from '../catalog/index.ts';
import { isSupplierSku } from './pool.ts';
import { gameKeys, keyBatches, keyDeliveries } from './tables.ts';

const RECENT_BATCHES = 20;

/** GET /api/admin/skus/{id}/keys/stock: a SKU's pool by state, its waiting lines, and its latest batches. */
export async function keyStock(deps: Deps, skuId: number): Promise<KeyStock> {
  const [row] = await loadSkuRows(deps.db, [skuId]);
  if (!row) throw fail.notFound('sku');
  const [byState, waiting, batches, supplier] = await Promise.all([
    deps.db.select({ state: sql<string>`case when ${gameKeys.state} = 'available' and ${gameKeys.setAsideFor} is not null then 'set_aside' else ${gameKeys.state} end`, n: count() })
      .from(gameKeys).where(eq(gameKeys.skuId, skuId)).groupBy(sql`1`),
    deps.db.select({ state: keyDeliveries.state, n: count() }).from(keyDeliveries).where(eq(keyDeliveries.skuId, skuId)).groupBy(keyDeliveries.state),
    deps.db.select().from(keyBatches).where(eq(keyBatches.skuId, skuId)).orderBy(desc(keyBatches.createdAt), desc(keyBatches.id)).limit(RECENT_BATCHES),
    isSupplierSku(deps.db, skuId),
  ]);
  const keys = new Map(byState.map((r) => [r.state, r.n]));
  const lines = new Map(waiting.map((r) => [r.state, r.n]));
  return {
    sku_id: skuId,
    available: keys.get('available') ?? 0,
    set_aside: keys.get('set_aside') ?? 0,
    assigned: keys.get('assigned') ?? 0,
    void: keys.get('void') ?? 0,
    waiting: { ordering: lines.get('ordering') ?? 0, pre_ordered: lines.get('pre_ordered') ?? 0 },
    supplier,
    batches: batches.map((b) => ({
      id: b.id, source: b.source, added: b.added, skipped: b.skipped, imported_by: b.importedBy, note: b.note, created_at_timestamp: toTimestamp(b.createdAt),
    })),
  };
}
