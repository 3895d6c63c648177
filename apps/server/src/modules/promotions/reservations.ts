import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.ts';
import type { PeriodicJob } from '../../platform/jobs.ts';
import { tellGatesReleased } from './gate.ts';
import { seckillItems, seckillPurchases } from './tables.ts';

/**
 * A flash sale's unit is reserved before its order is written (docs/decisions/0009-flash-sales.md "The
 * purchase"): one statement on its own, outside any transaction, takes the unit (`left > 0`) and writes the
 * purchase row without an order yet. The item's row is then locked only while that statement runs — in a
 * rush every buyer wants that one row, and a lock held until a transaction's commit (a round trip later,
 * and more under load) let one buyer through at a time. The order's transaction attaches the reservation;
 * a checkout that fails gives it back at once, and one whose instance died is given back by
 * `releaseLostReservations` after `RESERVATION_LOST_SECONDS`.
 */
export const RESERVATION_LOST_SECONDS = 60;

export type Reservation = { id: number } | { refused: 'no_inventory' | 'exceed_limit' };

/**
 * Takes one unit of the item for the account, unless none is left or the account already holds its limit
 * (orders placed, not given back): a buyer at the limit never takes a unit, even for a moment, that another
 * buyer could have had. The limit is decided again under the buyer's lock in the order's transaction; this
 * is the cheap first look that keeps the last units for buyers who can have them.
 */
export async function reserveUnit(db: Db, item: { id: number; buyLimit: number }, accountId: number, now: Date): Promise<Reservation> {
  const result = await db.execute(sql`WITH held AS (
      SELECT count(*) AS n FROM ${seckillPurchases}
       WHERE item_id = ${item.id} AND account_id = ${accountId} AND NOT released AND order_id IS NOT NULL),
    taken AS (
      UPDATE ${seckillItems} SET "left" = "left" - 1
       WHERE id = ${item.id} AND "left" > 0 AND (SELECT n FROM held) < ${item.buyLimit} RETURNING id),
    reserved AS (
      INSERT INTO ${seckillPurchases} (item_id, account_id, created_at)
      SELECT id, ${accountId}, ${now} FROM taken RETURNING id)
    SELECT (SELECT id FROM reserved) AS id, (SELECT "left" FROM ${seckillItems} WHERE id = ${item.id}) AS left`) as unknown as { rows: { id: string | number | null; left: number | null }[] };
  const row = result.rows[0];
  if (row?.id != null) return { id: Number(row.id) };
  // Nothing taken: sold out comes first of the two (the statement's snapshot of `left`), else the limit.
  return { refused: (row?.left ?? 0) > 0 ? 'exceed_limit' : 'no_inventory' };
}

/** In the order's transaction: the reservation becomes the order's. False when it was given back meanwhile. */
export async function attachReservation(tx: Tx, reservationId: number, orderId: number): Promise<boolean> {
  const attached = await tx.update(seckillPurchases).set({ orderId })
    .where(and(eq(seckillPurchases.id, reservationId), eq(seckillPurchases.released, false), isNull(seckillPurchases.orderId)))
    .returning({ id: seckillPurchases.id });
  return attached.length === 1;
}

/**
 * Gives back reservations no order took: the unit returns to `left`, once (the purchase row is marked
 * released in the same statement). Answers what went back, for the gates.
 */
async function giveBack(db: DbOrTx, which: ReturnType<typeof sql>): Promise<{ itemId: number; accountId: number }[]> {
  const result = await db.execute(sql`WITH released AS (
      UPDATE ${seckillPurchases} SET released = true
      WHERE ${which} AND NOT released AND order_id IS NULL RETURNING item_id, account_id),
    per_item AS (SELECT item_id, count(*) AS units FROM released GROUP BY item_id),
    restocked AS (UPDATE ${seckillItems} i SET "left" = i."left" + per_item.units FROM per_item WHERE i.id = per_item.item_id)
    SELECT item_id, account_id FROM released`) as unknown as { rows: { item_id: string | number; account_id: string | number }[] };
  return result.rows.map((r) => ({ itemId: Number(r.item_id), accountId: Number(r.account_id) }));
}

/**
 * The checkout failed after the reservation: its unit goes back now. The gates are not told: the buyer's
 * admission is settled with PostgreSQL's answer, which gives the gate's token back.
 */
export async function releaseReservation(db: Db, reservationId: number): Promise<void> {
  await giveBack(db, sql`id = ${reservationId}`);
}

/** Reservations older than the window that no order took (their instance died mid-checkout) go back. */
export async function releaseLostReservations(deps: Deps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - RESERVATION_LOST_SECONDS * 1000);
  const released = await giveBack(deps.db, sql`${lt(seckillPurchases.createdAt, before)}`);
  if (released.length > 0) deps.log.warn({ units: released.length }, 'flash-sale reservations without an order given back');
  await tellGatesReleased(released.map((r) => ({ ...r, units: 1 })));
  return released.length;
}

export const lostReservationsJob: PeriodicJob = {
  name: 'promotions.seckill-lost-reservations',
  everyMs: 15_000,
  run: releaseLostReservations,
};
