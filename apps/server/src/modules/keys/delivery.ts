import { isKeyedKind } from '@lantern/domain';
import type { Tx } from '../../platform/db/client.ts';
import type { FulfilmentStep, PaidLine } from '../orders/index.ts';
import { keyDeliveries } from './tables.ts';
import { isSupplierSku, lockPool, takeKeysAndDeliver } from './pool.ts';
import { holdsOfLines } from './set-aside.ts';
import { orderFromSupplierAfterCommit, type SupplierUnit } from './supplier-orders.ts';

type DeliveryState = (typeof keyDeliveries.$inferSelect)['state'];

/**
 * Gives every unit of each keyed line of a paid order (or of the orders one payment completed) its key, inside
 * the payment's transaction (docs/product/buying.md#key-delivery "Ordering a Steam-type key"; a game line is one
 * unit, a virtual good's line one code per unit bought):
 * a key set aside for the line's sale, else from the SKU's open pool → delivered; none, and the game not out yet → pre_ordered; none otherwise →
 * ordering. A supplier SKU's ordering unit is bought from the supplier only after the payment commits
 * (an outside call never holds the payment's locks): the step answers that work, and the supplier job
 * retries what it could not get. Units still waiting get keys when keys are imported (fillWaitingLines).
 */
export const keyDeliveryStep: FulfilmentStep = {
  name: 'key delivery',
  async run(tx, _deps, paid, now) {
    const forSupplier: SupplierUnit[] = [];
    // In SKU order: pool locks are then always taken in the same order, so two payments cannot deadlock.
    const keyed = paid.filter(({ row }) => isKeyedKind(row.kind)).sort((a, b) => a.row.sku.id - b.row.sku.id || a.line.id - b.line.id);
    const holds = await holdsOfLines(tx, keyed);
    for (const { hold, units } of unitsBySku(keyed, holds)) {
      // A sale's units first take the keys set aside for it; one whose keys went back (paid after the sale
      // was over) is served like any other, from the open pool.
      const fromHold = hold === null ? new Set<string>() : await takeFromPool(tx, units, now, hold);
      const open = units.filter((u) => !fromHold.has(unitKey(u)));
      if (open.length === 0) continue;
      // The common case, a stocked pool: the keys and their delivered records in one statement per SKU.
      const served = await takeFromPool(tx, open, now);
      const missed = open.filter((u) => !served.has(unitKey(u)));
      if (missed.length > 0) forSupplier.push(...await deliverMissed(tx, missed, now));
    }
    if (forSupplier.length === 0) return;
    return (deps) => orderFromSupplierAfterCommit(deps, forSupplier);
  },
};

interface Unit {
  paidLine: PaidLine;
  unit: number;
}

const unitKey = ({ paidLine, unit }: Unit) => `${paidLine.line.id}:${unit}`;

/**
 * Every unit of the keyed lines, grouped by SKU and by the sale whose keys it draws on (none: the open pool),
 * in the lines' order (a payment may complete several orders).
 */
function unitsBySku(keyed: readonly PaidLine[], holds: ReadonlyMap<number, string>): { hold: string | null; units: Unit[] }[] {
  const groups = new Map<string, { hold: string | null; units: Unit[] }>();
  for (const paidLine of keyed) {
    const hold = holds.get(paidLine.line.id) ?? null;
    const key = `${paidLine.row.sku.id}:${hold ?? ''}`;
    const group = groups.get(key) ?? { hold, units: [] };
    for (let unit = 1; unit <= paidLine.line.quantity; unit++) group.units.push({ paidLine, unit });
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * Keys from the SKU's open pool (or, given `hold`, from the keys set aside for that sale) for as many of its
 * units as it holds; answers the units served (`orderGameId:unit`).
 */
async function takeFromPool(tx: Tx, units: readonly Unit[], now: Date, hold: string | null = null): Promise<Set<string>> {
  const holders = units.map(({ paidLine: { line }, unit }) => ({ orderGameId: line.id, unit, accountId: line.accountId, orderId: line.orderId }));
  return takeKeysAndDeliver(tx, units[0]!.paidLine.row.sku.id, holders, now, hold);
}

/**
 * The units of one SKU the pool's first pick missed. Checked again under the SKU's pool lock, so an import that
 * committed meanwhile is seen now; what is still missing waits — pre_ordered before the game is out, ordering
 * after — in one insert. Answers the units to buy from the supplier after the commit.
 */
async function deliverMissed(tx: Tx, missed: readonly Unit[], now: Date): Promise<SupplierUnit[]> {
  const row = missed[0]!.paidLine.row;
  await lockPool(tx, row.sku.id, 'waiting');
  const late = await takeFromPool(tx, missed, now);
  const waiting = missed.filter((u) => !late.has(unitKey(u)));
  if (waiting.length === 0) return [];
  const supplier = await isSupplierSku(tx, row.sku.id);
  const state: DeliveryState = row.sku.releasedAt !== null && row.sku.releasedAt.getTime() > now.getTime() ? 'pre_ordered' : 'ordering';
  const askSupplier = supplier && state === 'ordering';
  await tx.insert(keyDeliveries).values(waiting.map(({ paidLine: { line }, unit }) => ({
    orderGameId: line.id, unit, orderId: line.orderId, accountId: line.accountId, skuId: row.sku.id, state, source: supplier ? 'genba' as const : 'pool' as const,
    // Due at once: if the attempt after commit never happens (the process stopped), the supplier job makes it.
    nextAttemptAt: askSupplier ? now : null,
    createdAt: now, deliveredAt: null,
  })));
  return askSupplier ? waiting.map(({ paidLine, unit }) => ({ orderGameId: paidLine.line.id, unit })) : [];
}
