/**
 * What a flash-sale gate is and the numbers every gate keeps to; the two gates are `redis-gate.ts` and
 * `local-gate.ts`, and `gate.ts` opens the right one.
 */

/**
 * The flash-sale rush's front door (docs/decisions/0009-flash-sales.md "Gating the rush"). Before any SQL,
 * a buyer asks the gate: the common answers of a rush — sold out, over the limit — are given here, and
 * only an admitted buyer goes on to PostgreSQL, which still decides (its conditional UPDATE and the limit
 * counted under the buyer's lock). A gate may admit too many (PostgreSQL refuses the extra) but must not
 * refuse for long what PostgreSQL would allow: every gate re-reads PostgreSQL at least once a second
 * while it is asked, so a unit lost between the two (a crash after admission) comes back within a second.
 */
export interface SeckillGate {
  enter(item: GateItem, accountId: number): Promise<GateEntry>;
  /** Units of orders that ended unpaid went back to `left` (possibly not committed yet: too many is safe). */
  released(units: readonly ReleasedUnits[]): Promise<void>;
  /** Whether this instance already knows the item sold out (memory only, no I/O): a buyer who waited is refused. */
  knownSoldOut(itemId: number): boolean;
}

export interface GateItem {
  id: number;
  buyLimit: number;
}

export interface ReleasedUnits {
  itemId: number;
  accountId: number;
  units: number;
}

/** What PostgreSQL made of an admitted buyer. */
export type GateOutcome = 'taken' | 'sold_out' | 'refused';

export type GateEntry =
  | { refused: 'no_inventory' | 'exceed_limit' }
  | { admitted: { settle(outcome: GateOutcome): Promise<void> } };

/** How old the gate's copy of PostgreSQL's stock may get while buyers keep asking. */
export const GATE_SYNC_MS = 1000;
/**
 * An admission not settled after this long is taken for lost (its instance crashed between Redis and
 * PostgreSQL) and no longer counted at the next sync, so its unit comes back. A checkout finishes in
 * milliseconds even in a rush; a slow one counted lost only lets one buyer too many through to PostgreSQL,
 * which refuses it. With the reservation's lease (reservations.ts) a dead request's unit is on sale
 * again within 10 s (docs/decisions/0050).
 */
export const GATE_ADMISSION_LOST_MS = 8_000;
/**
 * How long an instance repeats Redis's "sold out" for an item, or "at the limit" for an account, without
 * asking again (it only spares Redis a round trip). In a rush most answers are
 * these two, each a Redis command and a socket write on the instance's one thread; a tenth of a second is
 * not "refusing for long", and a release this instance hears clears it at once.
 */
export const GATE_REFUSAL_MEMORY_MS = 100;
