import type { Order } from '@lantern/contract';
import type { Deps } from '../../../platform/deps.ts';
import { GroupLanes } from '../../../platform/group-lanes.ts';
import { coverUrls } from '../../catalog/index.ts';
import { presentOrder } from '../presenter.ts';
import type { CheckoutBuyer, CreateOrderInput } from './context.ts';
import { createOrder } from './create-order.ts';
import { createOrdersTogether } from './create-together.ts';

interface OneClick {
  accountId: number;
  buyer: CheckoutBuyer;
  input: CreateOrderInput;
}

/** The order most buyers place: one SKU in one click, no coupon (a cart or a coupon is createOrder's alone). */
const placesTogether = (input: CreateOrderInput) => input.type === 'one_click' && input.sku_ids.length === 1 && (input.coupon_ids?.length ?? 0) === 0 && input.unit_prices === undefined && input.list_prices === undefined;

/** Orders placed alike share a group: the same SKU and category; where a physical item ships is each buyer's. */
const groupOf = (input: CreateOrderInput) => `${input.sku_ids[0]}:${input.cate}`;

/**
 * POST /api/orders. Buyers placing the same one-click order at the same moment — a launch, a sale's first
 * minute — are placed together, as a flash sale's are (docs/decisions/0021-group-checkout.md, "Ordinary
 * one-click orders"): every rule of a checkout of one applies to each, and the round trips are shared. A buyer
 * alone is placed by `createOrder` itself, after one turn of the event loop; every other order goes there at once.
 */
export function oneClickCheckout(deps: Deps): (buyer: CheckoutBuyer, input: CreateOrderInput) => Promise<Order> {
  const lanes = new GroupLanes<OneClick, Order, string>(deps.db, async (db, _group, entries) => {
    const onLane = { ...deps, db };
    if (entries.length === 1) {
      const [alone] = entries;
      return [await createOrder(onLane, alone!.buyer, alone!.input).catch((error: unknown) => asError(error))];
    }
    const { address_id: _own, ...shared } = entries[0]!.input;
    const outcomes = await createOrdersTogether(onLane, entries.map((e) => ({ buyer: e.buyer, address_id: e.input.address_id })), shared);
    const now = deps.clock.now();
    return outcomes.map((outcome) => {
      if ('refused' in outcome) return outcome.refused;
      const covers = new Map(outcome.skus.map((sku) => [sku.sku.id, coverUrls(sku.sku.coverSeed)]));
      return presentOrder(outcome.order, outcome.lines, now, { covers });
    });
  });
  return (buyer, input) => placesTogether(input) ? lanes.submit(groupOf(input), { accountId: buyer.accountId, buyer, input }) : createOrder(deps, buyer, input);
}

const asError = (error: unknown): Error => error instanceof Error ? error : new Error(String(error));
