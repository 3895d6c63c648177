import { SECKILL_ORDER_EXPIRY_SECONDS } from './constants.ts';
/**
 * Flash-sale (seckill) status, derived from the server's time (docs/product/deals.md#flash-sale-status). Event times arrive in
 * seconds and are compared in milliseconds.
 */
export const SECKILL_STATUSES = ['current', 'not_start', 'end'] as const;
export type SeckillStatus = (typeof SECKILL_STATUSES)[number];

export function secondsToMs(seconds: number): number {
  return seconds * 1000;
}

/**
 * current strictly between from and to; not_start at or before from; end at or after to. At the
 * exact opening instant the sale has not started, so the first buyer is served after it.
 */
export function seckillStatus(nowMs: number, fromSec: number, toSec: number): SeckillStatus {
  if (nowMs <= secondsToMs(fromSec)) return 'not_start';
  if (nowMs >= secondsToMs(toSec)) return 'end';
  return 'current';
}

export interface SeckillWindow {
  readonly from_timestamp: number;
  readonly to_timestamp: number;
}

/**
 * Lists group as current, pre (not started) and history (ended). Order within each group
 * is kept: the caller sorts.
 */
export function groupSeckills<T extends SeckillWindow>(
  events: readonly T[],
  nowMs: number,
): { current: T[]; pre: T[]; history: T[] } {
  const groups = { current: [] as T[], pre: [] as T[], history: [] as T[] };
  for (const event of events) {
    const status = seckillStatus(nowMs, event.from_timestamp, event.to_timestamp);
    groups[status === 'current' ? 'current' : status === 'not_start' ? 'pre' : 'history'].push(event);
  }
  return groups;
}

/** What an event may require of a buyer (docs/product/deals.md#flash-sale-purchase); null or false: not required. */
export interface SeckillRequirements {
  /** Units one account may hold of an item (orders not ended unpaid). */
  readonly buyLimit: number;
  readonly phone: boolean;
  readonly steam: boolean;
  readonly wechat: boolean;
  /** The registration date window, inclusive, in server seconds. */
  readonly registeredFromSec: number | null;
  readonly registeredToSec: number | null;
  /** The buyer must own this game (a completed order of its product), or null. */
  readonly ownedGame: boolean;
  /** The order quota: completed orders the account must have on the site before it may buy (0: none). */
  readonly completedOrders: number;
}

/** What is known of the buyer. Steam and WeChat binding do not exist yet: such requirements cannot be met. */
export interface SeckillBuyerFacts {
  readonly phoneBound: boolean;
  readonly steamBound: boolean;
  readonly wechatBound: boolean;
  readonly registeredAtSec: number;
  /** Owns the game the event requires (false when it requires none). */
  readonly ownsGame: boolean;
  /** Its completed orders on the site (0 when the event sets no quota: then it is not counted). */
  readonly completedOrders: number;
}

export interface SeckillPurchaseFacts {
  readonly status: SeckillStatus;
  /** Staff closed the event. */
  readonly closed: boolean;
  /** Whether a unit is (or was just taken) for this buyer. */
  readonly unitAvailable: boolean;
  /** Units of the item the account already holds. */
  readonly bought: number;
  readonly requirements: SeckillRequirements;
  readonly buyer: SeckillBuyerFacts;
}

export type SeckillRefusal =
  | { field: 'sec_kill'; reason: 'no_inventory' | 'exceed_limit' }
  | { field: 'wechat' | 'phone' | 'steam'; reason: 'unbound' }
  | { field: 'registered_at'; reason: 'invalid' }
  | { field: 'owned_game'; reason: 'blank' }
  | { field: 'order_quota'; reason: 'quota_invalid' }
  | { field: 'event'; reason: 'inactive' };

/**
 * Why a buyer may not take a unit, first match wins in the product's order: no inventory left; buy count
 * over the limit; WeChat unbound; phone, then Steam binding blank; registration date outside the window;
 * the required game not owned; fewer completed orders than the quota; the event not running (not started, ended or closed). Null: the buyer qualifies. The catalogue's own
 * refusals (SKU status, owned, no base, region) and the purchase ban are checkout's, before and around these.
 */
export function seckillRefusal(facts: SeckillPurchaseFacts): SeckillRefusal | null {
  const { requirements: r, buyer } = facts;
  if (!facts.unitAvailable) return { field: 'sec_kill', reason: 'no_inventory' };
  if (facts.bought >= r.buyLimit) return { field: 'sec_kill', reason: 'exceed_limit' };
  if (r.wechat && !buyer.wechatBound) return { field: 'wechat', reason: 'unbound' };
  if (r.phone && !buyer.phoneBound) return { field: 'phone', reason: 'unbound' };
  if (r.steam && !buyer.steamBound) return { field: 'steam', reason: 'unbound' };
  if (r.registeredFromSec !== null && buyer.registeredAtSec < r.registeredFromSec) return { field: 'registered_at', reason: 'invalid' };
  if (r.registeredToSec !== null && buyer.registeredAtSec > r.registeredToSec) return { field: 'registered_at', reason: 'invalid' };
  if (r.ownedGame && !buyer.ownsGame) return { field: 'owned_game', reason: 'blank' };
  if (r.completedOrders > 0 && buyer.completedOrders < r.completedOrders) return { field: 'order_quota', reason: 'quota_invalid' };
  if (facts.closed || facts.status !== 'current') return { field: 'event', reason: 'inactive' };
  return null;
}

/**
 * How a flash-sale item's units are backed (docs/product/deals.md#flash-sale-keys): a unit is put on sale only
 * when its key is set aside for the sale, or when the supplier sells the SKU's keys on demand — then the units
 * beyond the keys set aside are the supplier's (`supplierUnits`), and the buyer is told of the wait before
 * paying. Anything else cannot be delivered and is refused (`no_inventory`, with how many keys there are). An
 * item without keys (a peripheral) is backed by its own stock, not here.
 */
export function flashUnitsBacking(item: { units: number; keysSetAside: number; supplier: boolean }): { supplierUnits: number } | { refused: 'no_inventory'; keys: number } {
  const short = item.units - item.keysSetAside;
  if (short <= 0) return { supplierUnits: 0 };
  return item.supplier ? { supplierUnits: short } : { refused: 'no_inventory', keys: item.keysSetAside };
}

/** Extra time after an event ends before its unsold keys go back: its last orders may still be paid (10 minutes) and a closing reaches every instance within a second. */
export const FLASH_KEYS_RETURN_GRACE_SECONDS = SECKILL_ORDER_EXPIRY_SECONDS + 60;

/**
 * When the keys set aside for an event's items go back to the open pool: once its last unpaid orders can no
 * longer be paid — the end of its window (or, when staff closed it, the moment they did) plus the grace above.
 */
export function flashKeysReturnAtSec(event: { toSec: number; closedAtSec: number | null }): number {
  const endedAt = event.closedAtSec === null ? event.toSec : Math.min(event.toSec, event.closedAtSec);
  return endedAt + FLASH_KEYS_RETURN_GRACE_SECONDS;
}
