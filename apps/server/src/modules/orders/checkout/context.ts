import type { Deps } from '../../../platform/deps.ts';
import type { Tx } from '../../../platform/db/client.ts';
import type { SkuRow } from '../../catalog/index.ts';
import type { Buyer } from '../../../platform/viewer.ts';
import type { CheckoutProblems } from './problems.ts';

/** Who is buying, and from where: every caller passes the client address so the market rule applies to all. */
export interface CheckoutBuyer extends Omit<Buyer, 'ip'> {
  /** The client's address (null when the caller has none, e.g. a code redeemed by a job): the market is then not checked. */
  ip: string | null;
}

export interface CreateOrderInput {
  sku_ids: number[];
  cate: SkuRow['cate'];
  type: 'cart' | 'one_click' | 'seckill';
  coupon_ids?: number[];
  address_id?: number;
  /**
   * A price a module above orders fixed for a SKU (a flash sale's price), in minor units: the
   * `promotional_price` adjuster sets it after the catalogue's price. Never taken from a request body.
   */
  unit_prices?: ReadonlyMap<number, number>;
  /**
   * The regular price a module above orders measured a deal against (a bundle's picked games at their
   * current prices), snapshotted as the line's list price so checkout shows the saving the deal's page showed.
   */
  list_prices?: ReadonlyMap<number, number>;
}

/** A SKU the buyer may order, with how many units. */
export interface CheckoutLine {
  row: SkuRow;
  quantity: number;
}

/** What every checkout step is given: the buyer, the request, one clock reading and the problems found so far. */
export interface CheckoutContext {
  deps: Deps;
  buyer: CheckoutBuyer;
  input: CreateOrderInput;
  now: Date;
  problems: CheckoutProblems;
}

/** Steps that must see what concurrent checkouts of the same account wrote run inside its transaction. */
export interface LockedCheckout extends CheckoutContext {
  tx: Tx;
}

/**
 * What a caller above orders adds to one checkout. `onOrderWritten` runs in the order's transaction, under
 * the buyer's lock, right after the order row is written: a throw rolls the whole order back.
 */
export interface CheckoutHooks {
  onOrderWritten?(tx: Tx, orderId: number, now: Date): Promise<void>;
  /**
   * The last statements of the order's transaction, after every line is written: where a module takes a
   * contended row (a flash sale's stock), so its lock is held only until the commit that follows.
   */
  beforeCommit?(tx: Tx, orderId: number, now: Date): Promise<void>;
}
