import { factoryError } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db/client.ts';
import type { SkuRow } from '../catalog/index.ts';
import type { orderGames } from '../orders/tables.ts';
import { gameKeys, keyBatches, keyDeliveries } from './tables.ts';
import { isSupplierSku, lockPool, takeKey, type KeyHolder, type KeyType } from './pool.ts';

export interface PaidLine { line: typeof orderGames.$inferSelect; row: SkuRow }

/** Kinds delivered as a key or code: games, DLC and bundles (platform keys) and virtual goods (codes). */
export const KEYED_KINDS: ReadonlySet<SkuRow['kind']> = new Set(['game', 'dlc', 'bundle', 'virtual']);

type DeliveryState = (typeof keyDeliveries.$inferSelect)['state'];
type DeliverySource = (typeof keyDeliveries.$inferSelect)['source'];

export function keyTypeOf(row: SkuRow): KeyType {
  return row.sku.keyType ?? 'other';
}

/**
 * Buys one key from the supplier for a line and stores it as a one-key genba batch, already assigned.
 * Answers the refusal (`factory_{reason}`) when the supplier will not sell.
 */
async function buyFromSupplier(tx: Tx, deps: Deps, row: SkuRow, holder: KeyHolder, now: Date): Promise<{ ok: true } | { ok: false; error: string | null }> {
  const answer = await deps.genba.orderKey({ skuId: row.sku.id, keyType: keyTypeOf(row), region: row.sku.region, reference: `order_game:${holder.orderGameId}` });
  if (!answer.ok) return { ok: false, error: factoryError(answer.reason) };
  const code = answer.code.trim();
  const [batch] = await tx
    .insert(keyBatches)
    .values({ skuId: row.sku.id, source: 'genba', added: 1, skipped: 0, note: `order_game ${holder.orderGameId}`, createdAt: now })
    .returning({ id: keyBatches.id });
  const inserted = await tx
    .insert(gameKeys)
    .values({
      skuId: row.sku.id, batchId: batch!.id, keyType: keyTypeOf(row), codeEnc: deps.secrets.encrypt(code), codeHash: deps.secrets.hmac(code),
      state: 'assigned', orderGameId: holder.orderGameId, accountId: holder.accountId, assignedAt: now, createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: gameKeys.id });
  // A supplier handing out a key we already hold is its fault, not the buyer's: the line waits.
  return inserted.length === 1 ? { ok: true } : { ok: false, error: 'factory_unavailable' };
}

/**
 * Gives each keyed line of a paid order its key, inside the payment's transaction (docs/product/buying.md#key-delivery):
 * a key from the SKU's pool → delivered; none, and the game not out yet → pre_ordered;
 * none, and the SKU is the supplier's → bought from it (delivered), or ordering with the supplier's
 * refusal; otherwise ordering. Waiting lines get keys when keys are imported (fillWaitingLines).
 */
export async function deliverOrderKeys(tx: Tx, deps: Deps, paid: readonly PaidLine[], now: Date): Promise<void> {
  // In SKU order: pool locks are then always taken in the same order, so two payments cannot deadlock.
  const keyed = paid.filter(({ row }) => KEYED_KINDS.has(row.kind)).sort((a, b) => a.row.sku.id - b.row.sku.id || a.line.id - b.line.id);
  for (const { line, row } of keyed) {
    const holder = { orderGameId: line.id, accountId: line.accountId };
    let state: DeliveryState = 'delivered';
    let source: DeliverySource = 'pool';
    let supplierError: string | null = null;
    let keyId = await takeKey(tx, row.sku.id, holder, now);
    if (keyId === null) {
      // Checked again under the SKU's pool lock: an import that committed meanwhile is seen now.
      await lockPool(tx, row.sku.id);
      keyId = await takeKey(tx, row.sku.id, holder, now);
    }
    if (keyId === null) {
      const supplier = await isSupplierSku(tx, row.sku.id);
      if (supplier) source = 'genba';
      if (row.sku.releasedAt !== null && row.sku.releasedAt.getTime() > now.getTime()) state = 'pre_ordered';
      else if (!supplier) state = 'ordering';
      else {
        const bought = await buyFromSupplier(tx, deps, row, holder, now);
        if (!bought.ok) {
          state = 'ordering';
          supplierError = bought.error;
        }
      }
    }
    await tx.insert(keyDeliveries).values({
      orderGameId: line.id, orderId: line.orderId, accountId: line.accountId, skuId: row.sku.id, state, source, supplierError,
      createdAt: now, deliveredAt: state === 'delivered' ? now : null,
    });
  }
}
