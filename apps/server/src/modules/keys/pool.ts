import { and, asc, count, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';
import { PreparedSql, slot, slotSql } from '../../platform/db/prepared.ts';
import { gameKeys, keyBatches, keyDeliveries } from './tables.ts';

export type KeyType = (typeof gameKeys.$inferSelect)['keyType'];

/** Who a key goes to: one unit of an order line of one account. */
export interface KeyHolder {
  orderGameId: number;
  unit: number;
  accountId: number;
}

/**
 * Which keys a pick may take: a SKU's open pool, or the keys set aside for one sale (`set_aside_for`),
 * filled from the placeholders skuId and, for a sale, hold.
 */
type KeySource = 'open' | 'set_aside';

function pickable(source: KeySource): SQL {
  const set = source === 'open' ? isNull(gameKeys.setAsideFor) : eq(gameKeys.setAsideFor, slot('hold'));
  // 'available' is written into the text, not bound: the pool's partial indexes are on that state, and only a
  // literal lets PostgreSQL's generic plan of the prepared statement use them, so it plans once per connection
  // rather than on every run (docs/performance.md, "Prepared statements").
  return and(eq(gameKeys.skuId, slot('skuId')), sql`${gameKeys.state} = 'available'`, set)!;
}

/**
 * Takes the oldest available key of a SKU's open pool and gives it to `holder`, or answers null when the pool is
 * empty. `FOR UPDATE SKIP LOCKED`: a key another transaction is taking is passed over rather than waited
 * on, so concurrent buyers each get a different key and never queue behind one another; the row lock
 * plus the `state = 'available'` re-check in the update make a key go out at most once.
 */
export async function takeKey(tx: Tx, skuId: number, holder: KeyHolder, now: Date): Promise<number | null> {
  const [free] = await tx
    .select({ id: gameKeys.id })
    .from(gameKeys)
    .where(and(eq(gameKeys.skuId, skuId), eq(gameKeys.state, 'available'), isNull(gameKeys.setAsideFor)))
    .orderBy(asc(gameKeys.id))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!free) return null;
  const [taken] = await tx
    .update(gameKeys)
    .set({ state: 'assigned', orderGameId: holder.orderGameId, unit: holder.unit, accountId: holder.accountId, assignedAt: now })
    .where(and(eq(gameKeys.id, free.id), eq(gameKeys.state, 'available')))
    .returning({ id: gameKeys.id });
  return taken?.id ?? null;
}

/**
 * `takeKey` and each unit's `delivered` record, for one unit or many of one SKU at once (a payment of several
 * orders, or of a line of several units), in one statement: up to one key per holder, the oldest available first,
 * each given to the holder of its rank, with the same SKIP LOCKED pick and re-checked update, and the delivery
 * written from the key the update took, so an empty pool writes nothing. Answers the holders served, as
 * `orderGameId:unit`; the others go the careful way (the pool lock, then the waiting states). One unit goes
 * through the same statement: its generic plan picks through the pool's partial index, where a statement of its
 * own was planned afresh for each run's values and took about 6 ms a pick in the checkout bench's sold-out rounds
 * (PostgreSQL's statement statistics, 2026-11-30), against 0.7 ms for this one.
 */
export async function takeKeysAndDeliver(tx: Tx, skuId: number, holders: readonly (KeyHolder & { orderId: number })[], now: Date, hold: string | null = null): Promise<Set<string>> {
  if (holders.length === 0) return new Set();
  const statement = hold === null ? takeManyStatement : takeManySetAsideStatement;
  const rows = await statement.rows<{ order_game_id: number | string; unit: number }>(tx, {
    skuId, hold, wanted: holders.length, now, at: now.toISOString(),
    orderGameIds: holders.map((h) => h.orderGameId), units: holders.map((h) => h.unit), orderIds: holders.map((h) => h.orderId), accountIds: holders.map((h) => h.accountId),
  });
  return new Set(rows.map((r) => `${r.order_game_id}:${r.unit}`));
}

/** The statement of `takeKeysAndDeliver`, built once per source; the holders come as arrays. */
const takeManyStatement = new PreparedSql('keys_take_and_deliver_many', (db) => takeManySql(db, 'open'));
const takeManySetAsideStatement = new PreparedSql('keys_take_set_aside_and_deliver_many', (db) => takeManySql(db, 'set_aside'));

function takeManySql(db: DbOrTx, source: KeySource): SQL {
  const free = db.select({ id: gameKeys.id }).from(gameKeys)
    .where(pickable(source))
    .orderBy(asc(gameKeys.id)).limit(slot('wanted')).for('update', { skipLocked: true }).getSQL();
  // The locked keys ranked by id, each joined to the holder of the same rank.
  return sql`
    with wanted as (
      select * from unnest(${slot('orderGameIds')}::bigint[], ${slot('units')}::integer[], ${slot('orderIds')}::bigint[], ${slot('accountIds')}::bigint[])
        with ordinality as w(order_game_id, unit, order_id, account_id, rank)
    ), free as (
      select id, row_number() over (order by id) as rank from (${free}) f
    ), taken as (
      update ${gameKeys} set state = 'assigned', order_game_id = wanted.order_game_id, unit = wanted.unit, account_id = wanted.account_id, assigned_at = ${slotSql('now')}
      from free join wanted using (rank)
      where ${gameKeys.id} = free.id and ${gameKeys.state} = 'available'
      returning wanted.order_game_id, wanted.unit, wanted.order_id, wanted.account_id
    )
    insert into ${keyDeliveries} (order_game_id, unit, order_id, account_id, sku_id, state, source, created_at, delivered_at)
    select taken.order_game_id, taken.unit, taken.order_id, taken.account_id, ${slot('skuId')}::bigint, 'delivered', 'pool', ${slot('at')}::timestamptz, ${slot('at')}::timestamptz
    from taken
    returning order_game_id, unit`;
}

/**
 * Serializes, per SKU, "the pool is empty, so this line waits" with "keys arrive and fill waiting lines".
 * Without it a payment that found the pool empty could commit its waiting line just after an import
 * committed (and filled only the lines it could see), leaving keys available while the line waits.
 * Keys arriving take it alone (`arriving`); payments that found the pool empty take it together (`waiting`, a
 * shared lock): they wait for keys in flight but never for one another, since a sold-out rush sends every paying
 * group here at once. Only buyers who find the pool empty take it, so buyers of a stocked SKU never queue on it.
 */
export async function lockPool(tx: Tx, skuId: number, side: 'arriving' | 'waiting'): Promise<void> {
  const key = `key_pool:${skuId}`;
  await tx.execute(side === 'arriving'
    ? sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`
    : sql`select pg_advisory_xact_lock_shared(hashtextextended(${key}, 0))`);
}

/** Whether the SKU's keys come from the supplier: it has been enrolled with a genba batch (decisions/0006). */
export async function isSupplierSku(db: DbOrTx, skuId: number): Promise<boolean> {
  const [row] = await db.select({ id: keyBatches.id }).from(keyBatches).where(and(eq(keyBatches.skuId, skuId), eq(keyBatches.source, 'genba'))).limit(1);
  return row !== undefined;
}

/** A waiting unit that has just got its key: whom to tell (docs/product/messaging.md#key-arrived). */
export interface FilledUnit extends KeyHolder {
  orderId: number;
}

/**
 * Gives freshly arrived keys to the SKU's waiting units (ordering, pre_ordered, or refused by the
 * supplier), oldest first, until either runs out. Runs in the transaction that added the keys, so a key never sits available while a
 * paid line waits. Waiting lines are locked with SKIP LOCKED too: one a concurrent import is already
 * filling is left to it. Answers the units delivered, so the caller can tell their buyers in the same transaction.
 */
export async function fillWaitingLines(tx: Tx, skuId: number, now: Date): Promise<FilledUnit[]> {
  // Lock no more waiting lines than there are keys to give: a long backlog stays free for other imports.
  const [stock] = await tx.select({ n: count() }).from(gameKeys).where(and(eq(gameKeys.skuId, skuId), eq(gameKeys.state, 'available'), isNull(gameKeys.setAsideFor)));
  if (!stock || stock.n === 0) return [];
  const waiting = await tx
    .select({ orderGameId: keyDeliveries.orderGameId, unit: keyDeliveries.unit, accountId: keyDeliveries.accountId, orderId: keyDeliveries.orderId })
    .from(keyDeliveries)
    .where(and(eq(keyDeliveries.skuId, skuId), ne(keyDeliveries.state, 'delivered')))
    .orderBy(asc(keyDeliveries.createdAt), asc(keyDeliveries.orderGameId), asc(keyDeliveries.unit))
    .limit(stock.n)
    .for('update', { skipLocked: true });
  const delivered: FilledUnit[] = [];
  for (const line of waiting) {
    const keyId = await takeKey(tx, skuId, line, now);
    if (keyId === null) break;
    await tx
      .update(keyDeliveries)
      .set({ state: 'delivered', source: 'pool', supplierError: null, nextAttemptAt: null, deliveredAt: now })
      .where(and(eq(keyDeliveries.orderGameId, line.orderGameId), eq(keyDeliveries.unit, line.unit)));
    delivered.push(line);
  }
  return delivered;
}
