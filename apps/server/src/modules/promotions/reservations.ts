import { lt, sql, type SQL } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/json-rows.ts';
import type { PeriodicJob } from '../../platform/jobs.ts';
import { tellGatesReleased } from './gate.ts';
import { seckillItems, seckillPurchases } from './tables.ts';

/**
 * A flash sale's units are reserved before their orders are written (docs/decisions/0009-flash-sales.md "The
 * purchase"): one statement on its own, outside any transaction, takes a group's units and writes their
 * purchase rows without an order yet. The item's row is then locked only while that statement runs — in a
 * rush every buyer wants that one row, and a lock held until a transaction's commit (a round trip later,
 * and more under load) let one buyer through at a time. The order's transaction attaches the reservation;
 * a checkout that fails gives it back at once, and one whose instance died is given back by
 * `releaseLostReservations` once its lease ran out.
 *
 * A reservation is a lease of `RESERVATION_LOST_SECONDS` (`held_until`): the checkout renews it every third
 * of that while it runs (`keepReserved`), so a live checkout, however slow, keeps its units, and a dead
 * one's come back within the lease and a run of the job — seconds, not the minute buyers were told "sold
 * out" for before (docs/decisions/0050).
 */
export const RESERVATION_LOST_SECONDS = 6;
const RESERVATION_LEASE_MS = RESERVATION_LOST_SECONDS * 1000;

/** What a group's reservation did: the reservation of each buyer who got a unit, and why the others got none. */
export interface GroupReservation {
  reserved: Map<number, number>;
  refused: Map<number, 'no_inventory' | 'exceed_limit'>;
}

/**
 * Takes units of the item for a group of buyers, one each, in the group's order, for as many as are left:
 * one statement locks the item's row (only while the statement runs), takes `min(left, buyers who may
 * have one)` from `left` and writes their purchase rows without an order yet. A buyer who already holds
 * the limit — orders placed and not given back, and reservations of its other attempts still on their way
 * — never takes a unit, even for a moment, that another buyer could have had: an account's second attempt
 * while its first is in another group is refused `exceed_limit` here, instead of holding a unit its own
 * limit will make it give back. The limit is decided again under the buyer's lock in the orders'
 * transaction (there counting orders only); this is the cheap first look that keeps the last units for
 * buyers who can have them. Each account at most once.
 */
export async function reserveUnits(db: Db, item: { id: number; buyLimit: number }, accountIds: readonly number[], now: Date): Promise<GroupReservation> {
  const [row] = await rowsOf<{ left_before: number | null; eligible: (number | string)[] | null; reserved: { id: number | string; account_id: number | string }[] | null }>(db, sql`WITH asked AS (
      SELECT account_id, position FROM unnest(${sql.param([...accountIds])}::bigint[]) WITH ORDINALITY AS a(account_id, position)),
    eligible AS (
      SELECT a.account_id, a.position FROM asked a
       WHERE (SELECT count(*) FROM ${seckillPurchases} p
               WHERE p.item_id = ${item.id} AND p.account_id = a.account_id AND NOT p.released) < ${item.buyLimit}),
    current AS (SELECT id, "left" FROM ${seckillItems} WHERE id = ${item.id} FOR UPDATE),
    taken AS (
      UPDATE ${seckillItems} i SET "left" = i."left" - LEAST(c."left", (SELECT count(*) FROM eligible))
        FROM current c WHERE i.id = c.id AND c."left" > 0
      RETURNING LEAST(c."left", (SELECT count(*) FROM eligible)) AS units),
    reserved AS (
      INSERT INTO ${seckillPurchases} (item_id, account_id, created_at, held_until)
      SELECT ${item.id}, e.account_id, ${now}, ${new Date(now.getTime() + RESERVATION_LEASE_MS)} FROM eligible e ORDER BY e.position
       LIMIT (SELECT coalesce(sum(units), 0) FROM taken)
      RETURNING id, account_id)
    SELECT (SELECT "left" FROM current) AS left_before,
      (SELECT json_agg(account_id) FROM eligible) AS eligible,
      (SELECT json_agg(json_build_object('id', id, 'account_id', account_id)) FROM reserved) AS reserved`);
  const reserved = new Map((row?.reserved ?? []).map((r) => [Number(r.account_id), Number(r.id)]));
  const eligible = new Set((row?.eligible ?? []).map(Number));
  const refused = new Map<number, 'no_inventory' | 'exceed_limit'>();
  for (const accountId of accountIds) {
    if (reserved.has(accountId)) continue;
    // Sold out comes first of the two (the statement's own reading of `left`), else the limit.
    refused.set(accountId, (row?.left_before ?? 0) > 0 && !eligible.has(accountId) ? 'exceed_limit' : 'no_inventory');
  }
  return { reserved, refused };
}

/**
 * Run inside the statement that writes a group's orders (`placed`: id, account_id): each buyer's reservation
 * becomes its order's, unless it was given back meanwhile. Answers the account_id of each attached.
 */
export function attachReservationsSql(placed: SQL, reservations: ReadonlyMap<number, number>): SQL {
  return sql`UPDATE ${seckillPurchases} p SET order_id = ${placed}.id
      FROM ${placed} JOIN unnest(${sql.param([...reservations.keys()])}::bigint[], ${sql.param([...reservations.values()])}::bigint[]) AS v(account_id, reservation_id)
        ON v.account_id = ${placed}.account_id
     WHERE p.id = v.reservation_id AND NOT p.released AND p.order_id IS NULL RETURNING ${placed}.account_id`;
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
 * Checkouts failed after their reservations: the units go back now. The gates are not told: each buyer's
 * admission is settled with PostgreSQL's answer, which gives the gate's token back.
 */
export async function releaseReservations(db: Db, reservationIds: readonly number[]): Promise<void> {
  if (reservationIds.length === 0) return;
  await giveBack(db, sql`id = ANY(${sql.param([...reservationIds])}::bigint[])`);
}

/**
 * Renews the reservations' leases every third of a lease until `work` ends (the heartbeat of a live
 * checkout); a renewal that fails is logged, and the checkout's own statements then find out what is left.
 * Renewed on a pooled connection of its own, not the checkout's: its transaction must not carry them.
 */
export async function keepReserved<T>(deps: Deps, reservationIds: readonly number[], work: () => Promise<T>): Promise<T> {
  if (reservationIds.length === 0) return work();
  let renewing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    renewing = renewing.then(() => renewReservations(deps.db, reservationIds, new Date(deps.clock.now().getTime() + RESERVATION_LEASE_MS)))
      .catch((err: unknown) => deps.log.warn({ err }, 'flash-sale reservations could not be renewed'));
  }, RESERVATION_LEASE_MS / 3);
  timer.unref();
  try {
    return await work();
  } finally {
    clearInterval(timer);
    await renewing;
  }
}

/** Pushes back the leases of reservations no order has taken yet and not given back. */
export async function renewReservations(db: DbOrTx, reservationIds: readonly number[], until: Date): Promise<void> {
  await db.execute(sql`UPDATE ${seckillPurchases} SET held_until = ${until}
    WHERE id = ANY(${sql.param([...reservationIds])}::bigint[]) AND order_id IS NULL AND NOT released`);
}

/**
 * How long a reservation without a lease (`held_until` null) is kept after its creation: the rule of the version
 * before leases (0048), whose instances write such rows while a deploy replaces them and never renew them; it gave
 * them back 60 s after their creation. Migration 0050 gave the rows written before the deploy the same lease
 * (docs/decisions/0057).
 */
export const UNLEASED_RESERVATION_SECONDS = 60;

/** Reservations whose lease ran out that no order took (their instance died mid-checkout) go back. */
export async function releaseLostReservations(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const unleasedBefore = new Date(now.getTime() - UNLEASED_RESERVATION_SECONDS * 1000);
  const released = await giveBack(deps.db, sql`(${lt(seckillPurchases.heldUntil, now)} OR (${seckillPurchases.heldUntil} IS NULL AND ${lt(seckillPurchases.createdAt, unleasedBefore)}))`);
  if (released.length > 0) deps.log.warn({ units: released.length }, 'flash-sale reservations without an order given back');
  await tellGatesReleased(released.map((r) => ({ ...r, units: 1 })));
  return released.length;
}

/** Every 2 s: with the 6 s lease a dead checkout's units are back within about 8 s (the issue asks 10). */
export const lostReservationsJob: PeriodicJob = {
  name: 'promotions.seckill-lost-reservations',
  everyMs: 2_000,
  run: releaseLostReservations,
};
