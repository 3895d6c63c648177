import { and, eq, gt, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import { UNPAID_ORDER_STATES, isGameKind, lacksBaseGame } from '@lantern/domain';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { orderGames, orders } from '../tables.ts';
import type { CheckoutLine, LockedCheckout } from './context.ts';
import type { CheckoutProblems } from './problems.ts';

/**
 * The rules about what the account already has, for games, DLC and bundles: one it owns is refused
 * (`owned`), one an unpaid order of its already holds waits for that order (`locked`: two payments must
 * not race for one copy), and a DLC needs its base game, owned or in the same order (`has_no_base`).
 * Runs under the buyer's lock (lock-buyer.ts), so what it reads cannot change before the order is written.
 */
export async function validateOwnership({ tx, buyer, now, problems }: LockedCheckout, lines: readonly CheckoutLine[]): Promise<void> {
  const productIds = ownershipProductIds(lines);
  if (productIds.length === 0) return;
  noteOwnershipProblems(lines, await heldProducts(tx, buyer.accountId, productIds, now), problems);
}

/** The products whose holding decides the rules: the ordered games' own, and the bases of DLC (empty: no rule applies). */
export function ownershipProductIds(lines: readonly CheckoutLine[]): number[] {
  const games = lines.map((l) => l.row).filter((row) => isGameKind(row.kind));
  if (games.length === 0) return [];
  return [...games.map((r) => r.sku.productId), ...games.map((r) => r.baseProductId).filter((id): id is number => id !== null)];
}

/** The ownership rules applied to what the account holds (`heldProducts`, or the same read inside the order's write). */
export function noteOwnershipProblems(lines: readonly CheckoutLine[], held: ReadonlyMap<number, 'owned' | 'locked'>, problems: CheckoutProblems): void {
  const ordered = new Set(lines.map((l) => l.row.sku.productId));
  const owned = new Set([...held].filter(([, holding]) => holding === 'owned').map(([productId]) => productId));
  for (const { row } of lines) {
    if (!isGameKind(row.kind)) continue;
    const holding = held.get(row.sku.productId);
    if (holding) problems.sku(row.sku.id, holding);
    if (lacksBaseGame(row, owned, ordered)) problems.sku(row.sku.id, 'has_no_base');
  }
}

/**
 * How the account holds each of the products: `owned` (a line of a completed order) or `locked` (a line
 * of an unpaid order still inside its window). One statement, so one snapshot: an order being paid
 * meanwhile is seen either still unpaid or already completed, never as neither (two queries could read
 * "not completed" before the payment commits and "not unpaid" after it).
 */
export async function heldProducts(db: DbOrTx, accountId: number, productIds: readonly number[], now: Date): Promise<Map<number, 'owned' | 'locked'>> {
  return heldFromRows(await heldProductsQuery(db, accountId, productIds, now));
}

/**
 * The read of `heldProducts`, to run alone or inside another statement (its columns are product_id and
 * state). The account is an id, or a column of the embedding statement (one read for many buyers).
 * `countedElsewhere` leaves out orders a module counts by a rule of its own (a flash sale's earlier units
 * of the same item, counted by its buy limit: docs/product/deals.md#flash-sale-purchase).
 */
export function heldProductsQuery(db: DbOrTx, accountId: number | SQL, productIds: readonly number[], now: Date, countedElsewhere?: (orderId: SQL) => SQL) {
  return db
    .selectDistinct({ productId: orderGames.productId, state: orders.state })
    .from(orderGames)
    .innerJoin(orders, eq(orders.id, orderGames.orderId))
    .where(and(
      eq(orderGames.accountId, accountId),
      inArray(orderGames.productId, [...productIds]),
      or(eq(orders.state, 'completed'), and(inArray(orders.state, [...UNPAID_ORDER_STATES]), gt(orders.expiresAt, now))),
      countedElsewhere ? not(countedElsewhere(sql`${orders.id}`)) : undefined,
    ));
}

export function heldFromRows(rows: readonly { productId: number; state: string }[]): Map<number, 'owned' | 'locked'> {
  const held = new Map<number, 'owned' | 'locked'>();
  for (const row of rows) {
    if (row.state === 'completed') held.set(row.productId, 'owned');
    else if (!held.has(row.productId)) held.set(row.productId, 'locked');
  }
  return held;
}
