import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/json-rows.ts';
import type { Deps } from '../../platform/deps.ts';
import { loadSkuRows } from '../catalog/index.ts';
import { pushLiveEvents, type LiveEvent } from '../live/index.ts';
import { notify } from '../notifications/index.ts';
import type { PaidLine } from '../orders/index.ts';
import { keyArrivalNotices } from './arrival-notices.ts';
import { fillWaitingLines, lockPool } from './pool.ts';
import { gameKeys } from './tables.ts';

/**
 * Keys set aside for a sale (docs/product/deals.md#flash-sale-keys): a module selling a fixed number of units
 * (a flash sale) takes that many available keys out of the open pool when it puts them on sale, under a name
 * of its own (`hold`, e.g. `seckill_item:12`). Ordinary orders never take them; the sale's paid units do
 * (the delivery step asks the sale which of its lines are whose, `provideKeyHolds`); what is left goes back to
 * the open pool when the sale is over.
 */

/**
 * Sets aside up to `wanted` of the SKU's open pool for `hold`, oldest first; answers how many. SKIP LOCKED: a
 * key a payment is taking this moment is passed over, so setting aside never waits on a rush, and a key is
 * either set aside or sold, never both (the update re-checks that it is still open and available).
 */
export async function setKeysAside(tx: Tx, skuId: number, hold: string, wanted: number): Promise<number> {
  if (wanted <= 0) return 0;
  const free = tx.select({ id: gameKeys.id }).from(gameKeys)
    .where(and(eq(gameKeys.skuId, skuId), eq(gameKeys.state, 'available'), isNull(gameKeys.setAsideFor)))
    .orderBy(asc(gameKeys.id)).limit(wanted).for('update', { skipLocked: true }).getSQL();
  const rows = await rowsOf<{ id: number | string }>(tx, sql`with free as (${free})
    update ${gameKeys} set set_aside_for = ${hold} from free
     where ${gameKeys.id} = free.id and ${gameKeys.state} = 'available' and ${gameKeys.setAsideFor} is null
    returning ${gameKeys.id}`);
  return rows.length;
}

/** The available keys of the SKU's open pool: what a sale could still set aside. */
export async function openKeyCount(db: DbOrTx, skuId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(gameKeys).where(and(eq(gameKeys.skuId, skuId), eq(gameKeys.state, 'available'), isNull(gameKeys.setAsideFor)));
  return row?.n ?? 0;
}

/** The keys still set aside for `hold` (available, not yet given to a paid unit). */
export async function setAsideCount(db: DbOrTx, hold: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(gameKeys).where(and(eq(gameKeys.setAsideFor, hold), eq(gameKeys.state, 'available')));
  return row?.n ?? 0;
}

/**
 * The sale is over: its keys not given to a paid unit go back to the SKU's open pool, in the caller's
 * transaction, and — as when keys are imported — fill the SKU's waiting units oldest first, whose buyers are
 * told (docs/product/messaging.md#key-arrived). Under the pool lock, so a payment finding the pool empty and
 * this return never miss each other. The keys already given keep the name, so a key's history still says
 * which sale sold it. Answers how many keys went back and the live events to push once committed
 * (`pushKeyArrivals`).
 */
export async function returnKeysSetAside(tx: Tx, deps: Deps, skuId: number, hold: string): Promise<{ returned: number; events: LiveEvent[] }> {
  await lockPool(tx, skuId, 'arriving');
  const returned = await tx.update(gameKeys).set({ setAsideFor: null })
    .where(and(eq(gameKeys.setAsideFor, hold), eq(gameKeys.state, 'available')))
    .returning({ id: gameKeys.id });
  if (returned.length === 0) return { returned: 0, events: [] };
  const filled = await fillWaitingLines(tx, skuId, deps.clock.now());
  const [row] = filled.length === 0 ? [] : await loadSkuRows(tx, [skuId]);
  // Last in the transaction: notify holds each buyer's unread total until commit.
  const events = row ? await notify(tx, deps, keyArrivalNotices(row.sku, filled)) : [];
  return { returned: returned.length, events };
}

/** After the commit of `returnKeysSetAside`: the buyers whose keys just arrived hear it live. */
export const pushKeyArrivals = (deps: Deps, events: readonly LiveEvent[]) => pushLiveEvents(deps, [...events]);

/**
 * Which keys set aside each paid line draws from (line id → hold), answered by the module whose sale sold it,
 * in the payment's transaction. Asked only about lines of the order types it names, so an ordinary payment
 * costs nothing more.
 */
export interface KeyHoldSource {
  orderTypes: readonly PaidLine['orderType'][];
  holdsOf(tx: Tx, lines: readonly PaidLine[]): Promise<ReadonlyMap<number, string>>;
}

const sources: KeyHoldSource[] = [];

/** A module above keys names the holds of its lines (a flash sale's items); setting up twice changes nothing. */
export function provideKeyHolds(source: KeyHoldSource): void {
  if (!sources.includes(source)) sources.push(source);
}

/** The holds of the paid lines some module claims (line id → hold); lines of no sale are absent. */
export async function holdsOfLines(tx: Tx, paid: readonly PaidLine[]): Promise<ReadonlyMap<number, string>> {
  const holds = new Map<number, string>();
  for (const source of sources) {
    const lines = paid.filter((p) => source.orderTypes.includes(p.orderType));
    if (lines.length === 0) continue;
    for (const [lineId, hold] of await source.holdsOf(tx, lines)) holds.set(lineId, hold);
  }
  return holds;
}
