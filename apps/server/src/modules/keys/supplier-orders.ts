import { and, asc, eq, lte } from 'drizzle-orm';
import { factoryError } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { SupplierAnswer } from '../../platform/genba-supplier.ts';
import { loadSkuRows } from '../catalog/index.ts';
import { pushLiveEvents, type LiveEvent } from '../live/index.ts';
import { notify } from '../notifications/index.ts';
import { keyArrivalNotices } from './arrival-notices.ts';
import { gameKeys, keyBatches, keyDeliveries } from './tables.ts';
import { keyTypeOfSku } from './key-type.ts';
import { fillWaitingLines, lockPool } from './pool.ts';
import type { PeriodicJob } from '../../platform/jobs.ts';

/** One unit of an order line waiting for the supplier. */
export interface SupplierUnit {
  orderGameId: number;
  unit: number;
}

/** How long one call to the supplier may take before it counts as failed (and is retried). */
export const SUPPLIER_TIMEOUT_MS = 10_000;
/** While an attempt is under way its unit is not due for anyone else (another instance's job). */
const CLAIM_MS = SUPPLIER_TIMEOUT_MS + 50_000;
/** Retries wait 30 s, 1 min, 2 min… up to an hour; after this many calls the unit is refused for good. */
export const SUPPLIER_MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 3_600_000;
/** Refusals no retry can change: the supplier does not sell the SKU where it is locked to. */
const FINAL_REFUSALS = new Set(['region_locked']);

export type SupplierAttempt = 'delivered' | 'waiting' | 'refused' | 'not_due';

/** The wait before the next call after `attempts` calls: doubling from 30 s, capped at an hour. */
export function supplierRetryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * Calls the supplier for one waiting unit, outside any transaction. The unit is claimed first (a short
 * transaction: locked with SKIP LOCKED, pushed out of reach while the call runs), so two instances never
 * both buy it; the supplier is asked with a timeout and our idempotent reference; the answer is then
 * written in a second short transaction. A key delivers the unit; a refusal or a failed call leaves it
 * ordering (with `factory_{reason}`) until the next retry, and a final refusal — or one too many —
 * marks it refused with its reason. A unit filled meanwhile by an import keeps that key, and a key
 * bought for it anyway goes into the pool rather than being lost. A key that arrives on a retry (the buyer has
 * been waiting) tells its buyer, and so does one that fills other waiting units; the first attempt right after
 * the payment does not: that is still the purchase (docs/product/messaging.md#key-arrived).
 */
export async function attemptSupplierOrder(deps: Deps, target: SupplierUnit): Promise<SupplierAttempt> {
  const claimed = await claim(deps, target);
  if (!claimed) return 'not_due';
  const [row] = await loadSkuRows(deps.db, [claimed.skuId]);
  if (!row) throw new Error(`supplier unit of an unknown SKU ${claimed.skuId}`);
  const keyType = keyTypeOfSku(row);
  const answer = await askSupplier(deps, { skuId: row.sku.id, keyType, region: row.sku.region, reference: `order_game:${target.orderGameId}:${target.unit}` });
  const now = deps.clock.now();

  let events: LiveEvent[] = [];
  const outcome = await deps.db.transaction(async (tx): Promise<SupplierAttempt> => {
    const [unit] = await tx.select().from(keyDeliveries).where(unitWhere(target)).for('update');
    if (!unit) throw new Error(`supplier unit ${target.orderGameId}/${target.unit} vanished`);
    const stillWaiting = unit.state !== 'delivered';
    if (answer.ok) {
      const code = answer.code.trim();
      const [batch] = await tx.insert(keyBatches)
        .values({ skuId: row.sku.id, source: 'genba', added: 1, skipped: 0, note: `order_game ${target.orderGameId} unit ${target.unit}`, createdAt: now })
        .returning({ id: keyBatches.id });
      const assignment = stillWaiting
        ? { state: 'assigned' as const, orderGameId: target.orderGameId, unit: target.unit, accountId: unit.accountId, assignedAt: now }
        : { state: 'available' as const };
      const inserted = await tx.insert(gameKeys)
        .values({ skuId: row.sku.id, batchId: batch!.id, keyType, codeEnc: deps.secrets.encrypt(code), codeHash: deps.secrets.hmac(code), createdAt: now, ...assignment })
        .onConflictDoNothing()
        .returning({ id: gameKeys.id });
      // A code we already hold adds nothing: the batch records it as skipped, so stock history stays true.
      if (inserted.length === 0) await tx.update(keyBatches).set({ added: 0, skipped: 1 }).where(eq(keyBatches.id, batch!.id));
      if (!stillWaiting) {
        // Filled by an import meanwhile: the key bought anyway joins the pool and may fill another waiting unit.
        await lockPool(tx, row.sku.id, 'arriving');
        const filled = await fillWaitingLines(tx, row.sku.id, now);
        events = await notify(tx, deps, keyArrivalNotices(row.sku, filled));
        return 'delivered';
      }
      // A supplier handing out a key we already hold is its fault, not the buyer's: the unit waits for the next try.
      if (inserted.length === 1) {
        await tx.update(keyDeliveries).set({ state: 'delivered', supplierError: null, nextAttemptAt: null, deliveredAt: now, supplierAttempts: unit.supplierAttempts + 1 })
          .where(unitWhere(target));
        if (unit.supplierAttempts > 0) events = await notify(tx, deps, keyArrivalNotices(row.sku, [{ ...target, accountId: unit.accountId, orderId: unit.orderId }]));
        return 'delivered';
      }
    }
    if (!stillWaiting) return 'delivered';
    const attempts = unit.supplierAttempts + 1;
    const reason = answer.ok ? 'unavailable' : answer.reason;
    const error = reason === null ? unit.supplierError : factoryError(reason);
    const final = (reason !== null && FINAL_REFUSALS.has(reason)) || attempts >= SUPPLIER_MAX_ATTEMPTS;
    await tx.update(keyDeliveries).set({
      state: final ? 'refused' : unit.state, supplierError: error, supplierAttempts: attempts,
      nextAttemptAt: final ? null : new Date(now.getTime() + supplierRetryDelayMs(attempts)),
    }).where(unitWhere(target));
    return final ? 'refused' : 'waiting';
  });
  await pushLiveEvents(deps, events);
  return outcome;
}

const unitWhere = (target: SupplierUnit) => and(eq(keyDeliveries.orderGameId, target.orderGameId), eq(keyDeliveries.unit, target.unit));

async function claim(deps: Deps, target: SupplierUnit): Promise<{ skuId: number } | null> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [unit] = await tx.select({ skuId: keyDeliveries.skuId }).from(keyDeliveries)
      .where(and(unitWhere(target), eq(keyDeliveries.state, 'ordering'), lte(keyDeliveries.nextAttemptAt, now)))
      .for('update', { skipLocked: true });
    if (!unit) return null;
    await tx.update(keyDeliveries).set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) }).where(unitWhere(target));
    return unit;
  });
}

/**
 * The supplier's answer, or null as the reason when the call failed or took longer than the timeout.
 * The signal asks the adapter to stop; the race makes sure we stop waiting even if it does not.
 */
async function askSupplier(deps: Deps, order: { skuId: number; keyType: string; region: string | null; reference: string }): Promise<SupplierAnswer | { ok: false; reason: null }> {
  const signal = AbortSignal.timeout(SUPPLIER_TIMEOUT_MS);
  const aborted = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
  try {
    return await Promise.race([deps.genba.orderKey({ ...order, signal }), aborted]);
  } catch (err) {
    deps.log.warn({ err, reference: order.reference }, 'supplier call failed; the unit is retried later');
    return { ok: false, reason: null };
  }
}

/** Supplier calls started after a payment and not finished yet: shutdown (and tests) wait for them. */
const inFlight = new Set<Promise<unknown>>();

/** The attempt right after a payment committed; never throws (the supplier job retries whatever is left). */
export function orderFromSupplierAfterCommit(deps: Deps, units: readonly SupplierUnit[]): Promise<void> {
  const work = (async () => {
    for (const unit of units) {
      try {
        await attemptSupplierOrder(deps, unit);
      } catch (err) {
        deps.log.error({ err, ...unit }, 'supplier order failed; the supplier job retries it');
      }
    }
  })();
  inFlight.add(work);
  void work.finally(() => inFlight.delete(work));
  return work;
}

/** Resolves once no supplier call started after a payment is still under way. */
export async function supplierOrdersSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

/** Units due for a supplier call, oldest due first, and one attempt each. Answers how many were tried. */
export async function retryDueSupplierOrders(deps: Deps, limit = 50): Promise<number> {
  const due = await deps.db.select({ orderGameId: keyDeliveries.orderGameId, unit: keyDeliveries.unit }).from(keyDeliveries)
    .where(and(eq(keyDeliveries.state, 'ordering'), lte(keyDeliveries.nextAttemptAt, deps.clock.now())))
    .orderBy(asc(keyDeliveries.nextAttemptAt)).limit(limit);
  for (const unit of due) {
    try {
      await attemptSupplierOrder(deps, unit);
    } catch (err) {
      deps.log.error({ err, ...unit }, 'supplier retry failed');
    }
  }
  return due.length;
}

/** Retries supplier orders that failed or were never made (the process stopped right after a payment). */
export const supplierRetryJob: PeriodicJob = {
  name: 'supplier orders',
  everyMs: 30_000,
  run: (deps) => retryDueSupplierOrders(deps),
};
