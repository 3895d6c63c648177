import type { SQL } from 'drizzle-orm';
import type { Deps } from '../../../platform/deps.ts';
import { lockedTransaction, type Tx } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { oneByOneOnRefusal, RefusedInGroup } from '../../../platform/group-lanes.ts';
import type { SkuRow } from '../../catalog/index.ts';
import type { AddressSnapshot } from '../tables.ts';
import { runAfterCommit, type CompletionOutcome } from '../completion.ts';
import { readAccountFacts } from './account-facts.ts';
import type { CheckoutBuyer, CheckoutContext, CreateOrderInput, LockedCheckout } from './context.ts';
import { completeIfFree } from './complete-free.ts';
import { buyerLockKeys } from './lock-buyer.ts';
import { afterOrderWritten } from './placed-steps.ts';
import { priceLines, type PricedLine } from './pricing.ts';
import { CheckoutProblems } from './problems.ts';
import { shippingAddress } from './shipping-address.ts';
import { placingRefusal } from './validate-buyer.ts';
import { validateLines } from './validate-lines.ts';
import { ownershipProductIdsOf } from './validate-ownership.ts';
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
  // Steps before the lock: the lines validated and priced once per site and region, each buyer's address.
  const places = new Map<string, { priced: PricedLine[]; found: CheckoutProblems; members: Member[] }>();
  for (const [index, entry] of buyers.entries()) {
    const key = `${entry.buyer.area}:${entry.buyer.region ?? ''}`;
    const place = places.get(key) ?? { ...(await linesFor(deps, entry.buyer, input, now)), members: [] };
    places.set(key, place);
    const context: CheckoutContext = { deps, buyer: entry.buyer, input: { ...input, address_id: entry.address_id }, now, problems: place.found.copy() };
    place.members.push({ index, context, address: await shippingAddress(context) });
  }
  for (const { priced, members } of places.values()) {
    const answers = await oneByOneOnRefusal(members, (some) => placeGroup(deps, some, priced, hooks));
    for (const [i, answer] of answers.entries()) {
      // Only a refusal is a buyer's answer; anything else is a failure of the checkout itself.
      if (answer instanceof Error && !(answer instanceof AppError)) throw answer;
      outcomes[members[i]!.index] = answer instanceof AppError ? { refused: answer } : answer;
    }
  }
  return outcomes;
}

interface Member {
  index: number;
  context: CheckoutContext;
  address: AddressSnapshot | null;
}

/** The lines on a site and region, priced, with the problems found of them (every buyer there starts from these). */
async function linesFor(deps: Deps, buyer: CheckoutBuyer, input: CreateOrderInput, now: Date): Promise<{ priced: PricedLine[]; found: CheckoutProblems }> {
  const context: CheckoutContext = { deps, buyer, input, now, problems: new CheckoutProblems() };
  const lines = await validateLines(deps.db, context);
  return { priced: await priceLines(context, lines), found: context.problems };
}

/**
 * One transaction for the group: the steps of placing under every buyer's lock — read, refuse, write, after the
 * write — and an order with nothing to pay (a free game's launch) completed in it too, its work after the commit
 * started then. A refusal after the write throws (RefusedInGroup when several: platform/group-lanes.ts).
 */
async function placeGroup(deps: Deps, members: readonly Member[], priced: readonly PricedLine[], hooks: TogetherHooks): Promise<OrderOfManyOutcome[]> {
  const completions: CompletionOutcome[] = [];
  const answered = await writeGroup(deps, members, priced, hooks, completions);
  // Not awaited: the answers do not wait for a supplier's key (runAfterCommit never throws).
  for (const completion of completions) void runAfterCommit(deps, completion);
  return answered;
}

async function writeGroup(deps: Deps, members: readonly Member[], priced: readonly PricedLine[], hooks: TogetherHooks, completions: CompletionOutcome[]): Promise<OrderOfManyOutcome[]> {
  const now = members[0]!.context.now;
  const accountIds = members.map((m) => m.context.buyer.accountId);
  // Every buyer's lock as the transaction begins (one round trip on node-postgres), in account order.
  return lockedTransaction(deps.db, buyerLockKeys(accountIds), async (tx) => {
    const answered: OrderOfManyOutcome[] = new Array(members.length);
    // Read: every buyer's facts in one statement. Refuse: the rules' one place, then the module's own.
    const facts = await readAccountFacts(tx, members.map((m) => m.context.buyer), ownershipProductIdsOf(priced), now, hooks);
    const moduleRefusals = hooks.refuse ? await hooks.refuse(tx, new Map([...facts].map(([id, f]) => [id, f.module])), now) : new Map<number, AppError>();
    const passing: { at: number; locked: LockedCheckout; address: AddressSnapshot | null }[] = [];
    for (const [at, member] of members.entries()) {
      // Each try of a buyer starts from the problems found before the lock, not from an earlier try's.
      const locked: LockedCheckout = { ...member.context, problems: member.context.problems.copy(), tx };
      const accountId = locked.buyer.accountId;
      const refused = placingRefusal(deps, locked.buyer, facts.get(accountId)!, priced, locked.problems) ?? moduleRefusals.get(accountId);
      if (refused) answered[at] = { refused };
      else passing.push({ at, locked, address: member.address });
    }
    // Write: every passing buyer's order and lines in one statement, with the module's own write alongside.
    const { placed, takenOn } = await placeOrders(tx, passing.map((m) => ({ checkout: m.locked, address: m.address })), priced, hooks.writeWith?.sql);
    const late: AppError[] = [];
    if (hooks.writeWith) for (const m of passing) if (!takenOn.has(m.locked.buyer.accountId)) late.push(hooks.writeWith.refusal());
    for (const [i, member] of passing.entries()) {
      const refused = await afterOrderWritten(member.locked, placed[i]!, priced, facts.get(member.locked.buyer.accountId)!);
      if (refused) late.push(refused);
    }
    if (late.length > 0) throw members.length > 1 ? new RefusedInGroup() : late[0]!;
    const skus = priced.map((line) => line.row);
    const done: CompletionOutcome[] = [];
    for (const [i, member] of passing.entries()) {
      const { completion, ...written } = await completeIfFree(tx, deps, placed[i]!, now);
      if (completion) done.push(completion);
      answered[member.at] = { ...written, skus };
    }
    // Kept only once every statement above has run: a failure rolls them back with the rest.
    completions.push(...done);
    return answered;
  });
}
