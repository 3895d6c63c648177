import { sql, type SQL } from 'drizzle-orm';
import type { Deps } from '../../../platform/deps.ts';
import { lockedTransaction, type Tx } from '../../../platform/db/client.ts';
import { rowsOf } from '../../../platform/db/json-rows.ts';
import { AppError } from '../../../platform/errors.ts';
import { purchaseBannedSql } from '../../accounts/index.ts';
import type { SkuRow } from '../../catalog/index.ts';
import type { AddressSnapshot } from '../tables.ts';
import type { CheckoutBuyer, CheckoutContext, CreateOrderInput, LockedCheckout } from './context.ts';
import { runAfterCommit, type CompletionOutcome } from '../completion.ts';
import { completeIfFree } from './complete-free.ts';
import { reserveLines } from './line-reservations.ts';
import { runOrderPlacedSteps } from '../placed.ts';
import { buyerLockKeys } from './lock-buyer.ts';
import { priceLines, type PricedLine } from './pricing.ts';
import { CheckoutProblems } from './problems.ts';
import { shippingAddress } from './shipping-address.ts';
import { purchaseBan, refuseBlockedMarket } from './validate-buyer.ts';
import { validateLines } from './validate-lines.ts';
import { heldFromRows, heldProductsQuery, noteOwnershipProblems, ownershipProductIds } from './validate-ownership.ts';
import { placeOrders, type OrderLineRow, type OrderRow } from './write-order.ts';

/** One buyer of a checkout of many, with what only that buyer chose (where a physical item ships). */
export interface BuyerOfMany {
  buyer: CheckoutBuyer;
  address_id?: number;
}

/** A buyer's placed order (with the SKU rows it was priced from, for its answer's covers), or their refusal. */
export type OrderOfManyOutcome = { order: OrderRow; lines: OrderLineRow[]; skus: readonly SkuRow[] } | { refused: AppError };

/**
 * What a module above orders adds to a checkout of many buyers (a flash sale: its limit, its units), inside
 * the statements the checkout runs anyway, so the module costs no round trip of its own.
 */
export interface TogetherHooks {
  /**
   * A value the module reads of each buyer in the statement that reads the account-wide rules, under every
   * buyer's lock: given the buyer's account id (an SQL column), a scalar subquery. Its values reach `refuse`.
   */
  readFor?(account: SQL): SQL;
  /** The module's own refusals, by account, from what `readFor` read (account → value). */
  refuse?(tx: Tx, read: ReadonlyMap<number, unknown>, now: Date): Promise<ReadonlyMap<number, AppError>>;
  /**
   * A data-modifying statement run inside the statement that writes the orders: given `placed` (the written
   * orders: id, account_id), it answers the account_id of each order it took on. An order it did not take
   * must not stand and is refused with `refusal` — rare by design: it costs a transaction per buyer (below).
   */
  writeWith?: { sql(placed: SQL): SQL; refusal(): AppError };
  /**
   * Orders (given the order id as SQL, a boolean condition) whose holding the module counts by a rule of its
   * own, so the order game lock and `owned` leave them out: a flash sale's earlier units of the same item,
   * which its buy limit counts — a limit of 2 must let the second unit be bought while the first is unpaid.
   */
  countedElsewhere?(orderId: SQL): SQL;
}

/**
 * The same order placed for many buyers at once — a flash sale's rush, where hundreds of buyers a second
 * order one SKU at one price (docs/decisions/0021-group-checkout.md). Every rule of `createOrder` applies to
 * each buyer, in the same order, through the same steps; only the round trips are shared:
 * - the lines are validated and priced once per site and region (they depend on nothing else);
 * - one transaction locks every buyer (in account order, so two groups never wait on each other in a
 *   circle), reads every buyer's ban and holdings in one statement, and writes every passing buyer's order
 *   and lines in one more.
 * A refusal found after the write (a line's stock, an order the module did not take on) cannot be undone for one buyer
 * alone, so the group's transaction is rolled back and its buyers go through one by one — the rare path.
 * Orders of one SKU, without coupons, not from a cart, each account at most once: anything else is
 * `createOrder`'s. Answers each buyer's order or refusal, in the buyers' order.
 */
export async function createOrdersTogether(deps: Deps, buyers: readonly BuyerOfMany[], input: CreateOrderInput, hooks: TogetherHooks = {}): Promise<OrderOfManyOutcome[]> {
  if (input.sku_ids.length !== 1 || input.type === 'cart' || (input.coupon_ids?.length ?? 0) > 0) throw new Error('createOrdersTogether places one-SKU orders without coupons');
  if (new Set(buyers.map((b) => b.buyer.accountId)).size !== buyers.length) throw new Error('createOrdersTogether takes each account once');
  const now = deps.clock.now();
  const outcomes: OrderOfManyOutcome[] = new Array(buyers.length);
  const places = new Map<string, { priced: PricedLine[] | AppError; members: Member[] }>();
  for (const [index, entry] of buyers.entries()) {
    const key = `${entry.buyer.area}:${entry.buyer.region ?? ''}`;
    const place = places.get(key) ?? { priced: await pricedFor(deps, entry.buyer, input, now), members: [] };
    places.set(key, place);
    if (place.priced instanceof AppError) {
      outcomes[index] = { refused: place.priced };
      continue;
    }
    const context: CheckoutContext = { deps, buyer: entry.buyer, input: { ...input, address_id: entry.address_id }, now, problems: new CheckoutProblems() };
    const refused = await refusalOf(async () => {
      refuseBlockedMarket(deps, entry.buyer);
      const address = await shippingAddress(context);
      context.problems.throwIfAny();
      place.members.push({ index, context, address });
    });
    if (refused) outcomes[index] = { refused };
  }
  for (const { priced, members } of places.values()) {
    if (priced instanceof AppError || members.length === 0) continue;
    try {
      for (const [index, outcome] of await placeGroup(deps, members, priced, hooks)) outcomes[index] = outcome;
    } catch (error) {
      if (error instanceof AppError && members.length === 1) {
        outcomes[members[0]!.index] = { refused: error };
        continue;
      }
      if (!(error instanceof OneByOne)) throw error;
      for (const member of members) {
        const refused = await refusalOf(async () => {
          for (const [index, outcome] of await placeGroup(deps, [member], priced, hooks)) outcomes[index] = outcome;
        });
        if (refused) outcomes[member.index] = { refused };
      }
    }
  }
  return outcomes;
}

interface Member {
  index: number;
  context: CheckoutContext;
  address: AddressSnapshot | null;
}

/** A refusal found after the group's write: the group is rolled back and its buyers placed one by one. */
class OneByOne extends Error {}

/** What the lines cost on a site and region, or the refusal every buyer there gets (the SKU is off sale). */
async function pricedFor(deps: Deps, buyer: CheckoutBuyer, input: CreateOrderInput, now: Date): Promise<PricedLine[] | AppError> {
  const context: CheckoutContext = { deps, buyer, input, now, problems: new CheckoutProblems() };
  const lines = await validateLines(deps.db, context);
  const priced = await priceLines(context, lines);
  return context.problems.asError() ?? priced;
}

async function refusalOf(step: () => Promise<void>): Promise<AppError | null> {
  try {
    await step();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

/**
 * One transaction for the group: locks, the account-wide rules for all, the module's refusals, one write; an
 * order with nothing to pay (a free game's launch) completed in it too, its work after the commit started then.
 */
async function placeGroup(deps: Deps, members: readonly Member[], priced: readonly PricedLine[], hooks: TogetherHooks): Promise<[number, OrderOfManyOutcome][]> {
  const completions: CompletionOutcome[] = [];
  const answered = await writeGroup(deps, members, priced, hooks, completions);
  // Not awaited: the answers do not wait for a supplier's key (runAfterCommit never throws).
  for (const completion of completions) void runAfterCommit(deps, completion);
  return answered;
}

async function writeGroup(deps: Deps, members: readonly Member[], priced: readonly PricedLine[], hooks: TogetherHooks, completions: CompletionOutcome[]): Promise<[number, OrderOfManyOutcome][]> {
  const now = members[0]!.context.now;
  const accountIds = members.map((m) => m.context.buyer.accountId);
  // Every buyer's lock as the transaction begins (one round trip on node-postgres), in account order.
  return lockedTransaction(deps.db, buyerLockKeys(accountIds), async (tx) => {
    const answered: [number, OrderOfManyOutcome][] = [];
    const rules = await accountRules(tx, accountIds, ownershipProductIds(priced), now, hooks);
    const moduleRefusals = hooks.refuse ? await hooks.refuse(tx, new Map([...rules].map(([id, r]) => [id, r.module])), now) : new Map<number, AppError>();
    const passing: (Member & { locked: LockedCheckout })[] = [];
    for (const member of members) {
      const accountId = member.context.buyer.accountId;
      const own = rules.get(accountId);
      if (own?.banned) {
        answered.push([member.index, { refused: purchaseBan() }]);
        continue;
      }
      const problems = new CheckoutProblems();
      noteOwnershipProblems(priced, heldFromRows(own?.held ?? []), problems);
      const refused = problems.asError() ?? moduleRefusals.get(accountId);
      if (refused) answered.push([member.index, { refused }]);
      else passing.push({ ...member, locked: { ...member.context, tx } });
    }
    const { placed, takenOn } = await placeOrders(tx, passing.map((m) => ({ checkout: m.locked, address: m.address })), priced, hooks.writeWith?.sql);
    const late = new Map<number, AppError>();
    if (hooks.writeWith) for (const m of passing) if (!takenOn.has(m.context.buyer.accountId)) late.set(m.context.buyer.accountId, hooks.writeWith.refusal());
    for (const [i, member] of passing.entries()) {
      await reserveLines(member.locked, placed[i]!.order.id, priced);
      await runOrderPlacedSteps(tx, placed[i]!.order, placed[i]!.lines, now);
      const refused = member.locked.problems.asError();
      if (refused) late.set(member.context.buyer.accountId, refused);
    }
    if (late.size > 0) {
      if (members.length > 1) throw new OneByOne();
      throw late.values().next().value!;
    }
    const skus = priced.map((line) => line.row);
    const done: CompletionOutcome[] = [];
    for (const [i, member] of passing.entries()) {
      const { completion, ...written } = await completeIfFree(tx, deps, placed[i]!, now);
      if (completion) done.push(completion);
      answered.push([member.index, { ...written, skus }]);
    }
    // Kept only once every statement above has run: a failure rolls them back with the rest.
    completions.push(...done);
    return answered;
  });
}

/**
 * Each buyer's ban, what it holds of the ordered products and what the module above reads of it, for all in
 * one statement under their locks.
 */
async function accountRules(tx: Tx, accountIds: readonly number[], productIds: readonly number[], now: Date, { readFor, countedElsewhere }: TogetherHooks) {
  const account = sql`buyer.id`;
  const rows = await rowsOf<{ account_id: number | string; banned: boolean | null; held: { product_id: number | string; state: string }[] | null; module: unknown }>(tx, sql`
    select buyer.id as account_id, ${purchaseBannedSql(account)} as banned,
      ${productIds.length === 0 ? sql`null` : sql`(select json_agg(h) from (${heldProductsQuery(tx, account, productIds, now, countedElsewhere).getSQL()}) h)`} as held,
      ${readFor ? readFor(account) : sql`null`} as module
    from unnest(${sql.param([...accountIds])}::bigint[]) as buyer(id)`);
  return new Map(rows.map((row) => [Number(row.account_id), {
    banned: row.banned === true,
    held: (row.held ?? []).map((h) => ({ productId: Number(h.product_id), state: h.state })),
    module: row.module,
  }]));
}
