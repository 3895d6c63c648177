import { eq, getTableColumns, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { fromJsonRow, rowsOf } from '../../../platform/db/json-rows.ts';
import { PreparedSql, PreparedSqlByShape, slot, slotSql } from '../../../platform/db/prepared.ts';
import { SITES, orderExpiresAt, orderTotals } from '@lantern/domain';
import { purchaseBannedSql } from '../../accounts/index.ts';
import { orderGames, orders, type AddressSnapshot } from '../tables.ts';
import type { LockedCheckout } from './context.ts';
import type { CouponApplied } from './apply-coupon.ts';
import type { PricedLine } from './pricing.ts';
import { heldProductsQuery } from './validate-ownership.ts';
import { placedStepsDueSql, type PlacedStepsDue } from '../placed.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderGames.$inferSelect;

const totalsOf = (lines: readonly PricedLine[], couponAmount: number) =>
  orderTotals(lines.map((l) => ({ list_price: l.listPrice, sale_price: l.salePrice, quantity: l.quantity })), couponAmount);

/** The values of a new pending order, before any coupon: its payment window runs from now (30 minutes, 10 for a flash sale). */
function orderValues({ buyer, input, now }: LockedCheckout, lines: readonly PricedLine[], address: AddressSnapshot | null) {
  const totals = totalsOf(lines, 0);
  const createdAtSec = Math.floor(now.getTime() / 1000);
  return {
    accountId: buyer.accountId, area: buyer.area, type: input.type, cate: input.cate, state: 'pending' as const, currency: SITES[buyer.area].currency,
    listAmount: totals.list_amount, subtotalAmount: totals.subtotal_amount, couponAmount: 0, totalAmount: totals.total_amount, address,
    createdAt: now, expiresAt: new Date(orderExpiresAt({ type: input.type, createdAtSec }) * 1000 + (now.getTime() % 1000)),
  };
}

const lineValues = (buyer: LockedCheckout['buyer'], orderId: number | SQL, lines: readonly PricedLine[], shares: readonly number[]) => lines.map((l, i) => ({
  orderId, accountId: buyer.accountId, skuId: l.row.sku.id, productId: l.row.sku.productId, skuName: l.row.sku.skuName, quantity: l.quantity,
  listPrice: l.listPrice, salePrice: l.salePrice, couponAmount: shares[i]!, amount: l.salePrice * l.quantity - shares[i]!,
  pointsPrice: l.pointsPrice, cashPayable: l.cashPayable,
}));

/** What `placeOrder` wrote, and what the account-wide rules read in the same statement. */
export interface PlacedOrder {
  order: OrderRow;
  lines: OrderLineRow[];
  /** True when staff barred the account from buying. */
  banned: boolean;
  /** The rows of `heldProductsQuery` (product_id, state), or none when no rule needed them. */
  held: { productId: number; state: string }[];
  /** Per placed-order step with a `dueSql`, whether it may have anything to do for the buyer (placed.ts). */
  placedStepsDue: PlacedStepsDue | null;
}

/**
 * An order without a coupon in one statement: the order and its lines written, and — read in the same
 * statement, after the buyer's lock was taken, so nothing a concurrent checkout committed is missed —
 * whether the account is barred from buying (accounts' purchaseBannedSql) and what it already holds of
 * `productIds` (heldProductsQuery; none asked when empty), and which placed-order steps may have anything to do for
 * it (placed.ts `dueSql`). The caller refuses after reading them, which
 * rolls the write back with the transaction: nothing is kept unless every rule passed. The statement is
 * prepared once per shape (lines, products asked about): every common checkout runs it.
 */
export async function placeOrder(checkout: LockedCheckout, lines: readonly PricedLine[], address: AddressSnapshot | null, productIds: readonly number[]): Promise<PlacedOrder> {
  const { tx, buyer, now } = checkout;
  const values: Record<string, unknown> = { ...orderValues(checkout, lines, address), now };
  lineValues(buyer, 0, lines, lines.map(() => 0)).forEach((line, i) => {
    for (const column of LINE_COLUMNS) values[`${column}${i}`] = line[column];
  });
  productIds.forEach((id, i) => (values[`product${i}`] = id));
  const [row] = await placeStatements.rows<{ order: Record<string, unknown>; lines: Record<string, unknown>[]; banned: boolean | null; held: { product_id: number | string; state: string }[] | null; placed_steps_due: PlacedStepsDue | null }>(
    tx, { lines: lines.length, heldProducts: productIds.length }, values,
  );
  return {
    order: fromJsonRow(orders, row!.order),
    lines: row!.lines.map((l) => fromJsonRow(orderGames, l)),
    banned: row!.banned === true,
    held: (row!.held ?? []).map((h) => ({ productId: Number(h.product_id), state: h.state })),
    placedStepsDue: row!.placed_steps_due,
  };
}

/** Every column `orderValues` sets, each filled from the placeholder of its name (checked complete below). */
const ORDER_COLUMNS = [
  'accountId', 'area', 'type', 'cate', 'state', 'currency', 'listAmount', 'subtotalAmount', 'couponAmount', 'totalAmount', 'address', 'createdAt', 'expiresAt',
] as const satisfies readonly (keyof ReturnType<typeof orderValues>)[];
/** Every column `lineValues` sets but the order's id (the statement's own), filled from `<column><line index>`. */
const LINE_COLUMNS = [
  'accountId', 'skuId', 'productId', 'skuName', 'quantity', 'listPrice', 'salePrice', 'couponAmount', 'amount', 'pointsPrice', 'cashPayable',
] as const satisfies readonly (keyof ReturnType<typeof lineValues>[number])[];
// A column added to orderValues or lineValues and not listed above would be silently left out of the prepared statement: refuse to compile.
type Unlisted = Exclude<keyof ReturnType<typeof orderValues>, (typeof ORDER_COLUMNS)[number]> | Exclude<keyof ReturnType<typeof lineValues>[number], (typeof LINE_COLUMNS)[number] | 'orderId'>;
const everyColumnListed: [Unlisted] extends [never] ? true : never = true;
void everyColumnListed;

const placeStatements = new PreparedSqlByShape<{ lines: number; heldProducts: number }>(
  'orders_place', (shape) => `${shape.lines}_${shape.heldProducts}`, (db, shape) => placeSql(db, shape),
);

/** The statement of `placeOrder`, with placeholders: the order, `lines` lines, and the rules' reads. */
function placeSql(db: DbOrTx, { lines, heldProducts }: { lines: number; heldProducts: number }): SQL {
  const orderSlots = Object.fromEntries(ORDER_COLUMNS.map((column) => [column, slot(column)])) as unknown as typeof orders.$inferInsert;
  const lineSlots = Array.from({ length: lines }, (_, i) => ({
    ...Object.fromEntries(LINE_COLUMNS.map((column) => [column, slot(`${column}${i}`)])),
    orderId: sql`(select id from placed)`,
  }) as unknown as typeof orderGames.$inferInsert);
  const placed = db.insert(orders).values(orderSlots).returning().getSQL();
  const written = db.insert(orderGames).values(lineSlots).returning().getSQL();
  // heldProductsQuery takes values; its operators take placeholders alike, so it is built here with them.
  const held = heldProducts === 0 ? sql`null` : sql`(select json_agg(h) from (${heldProductsQuery(
    db, slot('accountId') as unknown as number, Array.from({ length: heldProducts }, (_, i) => slot(`product${i}`) as unknown as number), slot('now') as unknown as Date,
  ).getSQL()}) h)`;
  return sql`
    with placed as (${placed}), written as (${written})
    select row_to_json(placed) as "order",
      (select json_agg(written order by written.id) from written) as lines,
      ${purchaseBannedSql(slot('accountId'))} as banned,
      ${held} as held,
      ${placedStepsDueSql({ accountId: slotSql('accountId'), area: slotSql('area') })} as placed_steps_due
    from placed`;
}

/** One buyer's order of a checkout of many (create-together.ts): each account at most once. */
export interface OrderOfMany {
  checkout: LockedCheckout;
  address: AddressSnapshot | null;
}

/**
 * One order per buyer, all with the same line and no coupon, written in one statement with their lines
 * (a checkout of many buyers, create-together.ts). The orders differ only in their account and address, so
 * those two come as arrays and everything else as one parameter each: the statement's size and planning
 * do not grow with the group (a VALUES row per order and a subquery per line took most of a group's time).
 * `alongside`, given the written orders (`placed`: id, account_id), is a module's data-modifying statement
 * run in the same statement (a flash sale attaching its units); `takenOn` holds the account_id it answered
 * for each order it took on. Answered in the buyers' order.
 */
export async function placeOrders(tx: LockedCheckout['tx'], buyers: readonly OrderOfMany[], lines: readonly PricedLine[], alongside?: (placed: SQL) => SQL): Promise<{ placed: { order: OrderRow; lines: OrderLineRow[] }[]; takenOn: Set<number> }> {
  if (buyers.length === 0) return { placed: [], takenOn: new Set() };
  if (lines.length !== 1) throw new Error('placeOrders writes orders of one line');
  const first = buyers[0]!.checkout;
  const { accountId: _account, address: _address, ...orderConstants } = orderValues(first, lines, null);
  const { accountId: _lineAccount, orderId: _orderId, ...lineConstants } = lineValues(first.buyer, 0, lines, [0])[0]!;
  const accountIds = buyers.map((b) => b.checkout.buyer.accountId);
  const addresses = buyers.map((b) => (b.address === null ? null : JSON.stringify(b.address)));
  // Without a module's own write (an ordinary one-click rush) the statement is prepared once; with one, built for the run.
  const rows = alongside
    ? await rowsOf<PlacedManyRow>(tx, placeManySql({
      accountIds: sql.param(accountIds), addresses: sql.param(addresses),
      order: sameForAll(orders, SHARED_ORDER_COLUMNS, (column, key) => sql.param(orderConstants[key], column)),
      line: sameForAll(orderGames, SHARED_LINE_COLUMNS, (column, key) => sql.param(lineConstants[key], column)),
      alongside: alongside(sql`placed`),
    }))
    : await placeManyStatement.rows<PlacedManyRow>(tx, {
      accountIds, addresses, ...prefixed('order_', orderConstants), ...prefixed('line_', lineConstants),
    });
  const placed = new Map<number, { order: OrderRow; lines: OrderLineRow[] }>();
  for (const { row } of rows.filter((r) => r.kind === 'order')) {
    const written = fromJsonRow(orders, row);
    placed.set(written.id, { order: written, lines: [] });
  }
  for (const { row } of rows.filter((r) => r.kind === 'line')) {
    const written = fromJsonRow(orderGames, row);
    placed.get(written.orderId)?.lines.push(written);
  }
  const byAccount = new Map([...placed.values()].map((p) => [p.order.accountId, p]));
  const takenOn = new Set(rows.filter((r) => r.kind === 'taken').map((r) => Number(r.row.account_id)));
  return { placed: buyers.map((b) => byAccount.get(b.checkout.buyer.accountId)!), takenOn };
}

type PlacedManyRow = { kind: 'order' | 'line' | 'taken'; row: Record<string, unknown> };

/** The values every order (`order_<column>`) and every line (`line_<column>`) of a group shares, by placeholder name. */
const prefixed = (prefix: string, values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).map(([key, value]) => [`${prefix}${key}`, value]));

/** The columns every order and every line of a group share: all but the buyer's own (its account, its address). */
const SHARED_ORDER_COLUMNS = ORDER_COLUMNS.filter((column) => column !== 'accountId' && column !== 'address');
const SHARED_LINE_COLUMNS = LINE_COLUMNS.filter((column) => column !== 'accountId');

/** The prepared `placeOrders` statement: the shared values and the buyers' two arrays as placeholders. */
const placeManyStatement = new PreparedSql('orders_place_many', () => placeManySql({
  accountIds: slot('accountIds'), addresses: slot('addresses'),
  order: sameForAll(orders, SHARED_ORDER_COLUMNS, (column, key) => sql.param(slot(`order_${key}`), column)),
  line: sameForAll(orderGames, SHARED_LINE_COLUMNS, (column, key) => sql.param(slot(`line_${key}`), column)),
}));

/** Orders for every buyer (account and address arrays) with the shared order and line values, and a module's write alongside. */
function placeManySql(on: { accountIds: unknown; addresses: unknown; order: { names: SQL; values: SQL }; line: { names: SQL; values: SQL }; alongside?: SQL }): SQL {
  return sql`
    with placed as (
      insert into ${orders} (account_id, address, ${on.order.names})
      select buyer.account_id, buyer.address, ${on.order.values}
        from unnest(${on.accountIds}::bigint[], ${on.addresses}::jsonb[]) as buyer(account_id, address)
      returning *),
    written as (
      insert into ${orderGames} (order_id, account_id, ${on.line.names})
      select placed.id, placed.account_id, ${on.line.values} from placed
      returning *),
    alongside as (${on.alongside ?? sql`select null::bigint as account_id where false`})
    select 'order' as kind, row_to_json(placed) as row from placed
    union all select 'line', row_to_json(written) from written
    union all select 'taken', json_build_object('account_id', account_id) from alongside`;
}

/**
 * Column names and typed values every row of a group shares: each key's column, and `valueOf` (the value itself
 * through its column's mapping, or a placeholder) cast to the column's type.
 */
function sameForAll<Key extends string>(table: PgTable, keys: readonly Key[], valueOf: (column: Column, key: Key) => unknown): { names: SQL; values: SQL } {
  const columns: Record<string, Column> = getTableColumns(table);
  return {
    names: sql.join(keys.map((key) => sql.identifier(columns[key]!.name)), sql`, `),
    values: sql.join(keys.map((key) => sql`${valueOf(columns[key]!, key)}::${sql.raw(columns[key]!.getSQLType())}`), sql`, `),
  };
}

/**
 * Writes the pending order before its coupon is applied (a coupon's use names its order), with its
 * payment window from now: 30 minutes, 10 for a flash sale.
 */
export async function insertOrder(checkout: LockedCheckout, lines: readonly PricedLine[], address: AddressSnapshot | null): Promise<OrderRow> {
  const [order] = await checkout.tx.insert(orders).values(orderValues(checkout, lines, address)).returning();
  return order!;
}

/**
 * Writes the lines with their prices snapshotted (money, points, whether cash is taken) and the coupon's
 * amounts, and sets the order's totals when a coupon applied.
 */
export async function writeLines(checkout: LockedCheckout, order: OrderRow, lines: readonly PricedLine[], coupon: CouponApplied): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
  const { tx, buyer } = checkout;
  let written = order;
  if (coupon.accountCouponId !== null) {
    const totals = totalsOf(lines, coupon.discount);
    const [updated] = await tx.update(orders).set({ couponAmount: totals.coupon_amount, totalAmount: totals.total_amount, accountCouponId: coupon.accountCouponId })
      .where(eq(orders.id, order.id)).returning();
    written = updated!;
  }
  const rows = await tx.insert(orderGames).values(lineValues(buyer, order.id, lines, coupon.shares)).returning();
  return { order: written, lines: rows.sort((a, b) => a.id - b.id) };
}
