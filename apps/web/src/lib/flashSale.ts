import type { HomeSeckill, SeckillLive } from '@lantern/contract';
import { secondsToMs, seckillStatus, type SeckillStatus } from '@lantern/domain';
import type { TFunction } from 'i18next';
import { isApiError } from './api';

/**
 * What the flash-sale screens work out (docs/product/deals.md#flash-sales-on-the-web): the status of an
 * event at server time, the deadline its countdown runs to, the stock bar, the live stock over the cached
 * event, and why a buy was refused, in words, with what to do about it.
 */

/** The fields of an event the cards read: the home's events (SKUs as cards) and the full ones both fit. */
export type FlashEvent = HomeSeckill;

/** The event's status at `serverMs` (domain `seckillStatus`), closed counting as ended. */
export function flashStatus(event: Pick<FlashEvent, 'from_timestamp' | 'to_timestamp' | 'closed'>, serverMs: number): SeckillStatus {
  if (event.closed) return 'end';
  return seckillStatus(serverMs, event.from_timestamp, event.to_timestamp);
}

/** Seconds left on the event's countdown: to its end while current, to its start before; 0 once ended. */
export function flashSecondsLeft(event: Pick<FlashEvent, 'from_timestamp' | 'to_timestamp' | 'closed'>, serverMs: number): number {
  const status = flashStatus(event, serverMs);
  if (status === 'end') return 0;
  const deadlineMs = secondsToMs(status === 'current' ? event.to_timestamp : event.from_timestamp);
  return Math.max(0, Math.ceil((deadlineMs - serverMs) / 1000));
}

export interface StockBar {
  left: number;
  stock: number;
  /** Share of the stock still left, 0–100, whole. */
  percent: number;
  soldOut: boolean;
}

/** The stock bar: what is left of what was put on sale. */
export function stockBar(left: number, stock: number): StockBar {
  const l = Math.max(0, Math.floor(left));
  const s = Math.max(0, Math.floor(stock));
  const percent = s === 0 ? 0 : Math.min(100, Math.round((l / s) * 100));
  return { left: l, stock: s, percent: l > 0 && percent === 0 ? 1 : percent, soldOut: l === 0 };
}

/** The units left of an event (or of one of its SKUs): live when GET /sec_kill has it, else what the event came with. */
export function liveLeft(event: Pick<FlashEvent, 'id' | 'left' | 'items'>, live: SeckillLive | undefined, skuId?: number): number {
  const l = live?.sec_kills.find((e) => e.id === event.id);
  if (skuId !== undefined) {
    const fromLive = l?.items.find((i) => i.sku_id === skuId)?.left;
    return fromLive ?? event.items.find((i) => i.sku_id === skuId)?.left ?? 0;
  }
  return l?.left ?? event.left;
}

/** What was put on sale: the item's stock, or the event's over all its items. */
export const stockOf = (event: Pick<FlashEvent, 'items'>, skuId?: number) =>
  skuId !== undefined ? (event.items.find((i) => i.sku_id === skuId)?.stock ?? 0) : event.items.reduce((sum, i) => sum + i.stock, 0);

/**
 * Refusals of a flash-sale buy, first match wins, in the product's order: lock; SKU status, owned, no base,
 * region; duplicate; no inventory; over the limit; WeChat unbound; phone, Steam binding; registration window;
 * order quota; inactive; purchase ban. Each names the i18n text under `flash.refusals`.
 */
export const FLASH_REFUSALS = [
  { field: null, reason: 'locked', kind: 'locked' },
  { field: null, reason: 'status_invalid', kind: 'status_invalid' },
  { field: null, reason: 'owned', kind: 'owned' },
  { field: null, reason: 'has_no_base', kind: 'has_no_base' },
  { field: null, reason: 'region_invalid', kind: 'region_invalid' },
  { field: null, reason: 'duplicate', kind: 'duplicate' },
  { field: null, reason: 'no_inventory', kind: 'no_inventory' },
  { field: null, reason: 'exceed_limit', kind: 'exceed_limit' },
  { field: 'wechat', reason: 'unbound', kind: 'wechat_unbound' },
  { field: 'phone', reason: 'unbound', kind: 'phone_unbound' },
  { field: 'steam', reason: 'unbound', kind: 'steam_unbound' },
  { field: 'registered_at', reason: 'invalid', kind: 'registered_at' },
  { field: 'owned_game', reason: 'blank', kind: 'owned_game' },
  { field: null, reason: 'quota_invalid', kind: 'quota_invalid' },
  { field: null, reason: 'inactive', kind: 'inactive' },
  { field: null, reason: 'purchase_ban', kind: 'purchase_ban' },
] as const;

export type FlashRefusalKind = (typeof FLASH_REFUSALS)[number]['kind'];

/** What the page does with a failed buy: go to a page, or say why (and what to do). */
export type FlashBuyOutcome =
  | { go: '/404' | '/ip_error' | '/500' }
  | { signIn: true }
  | { refusal: FlashRefusalKind }
  | { other: 'network' | 'timeout' | 'rate_limit' | 'unknown' };

export function flashBuyOutcome(error: unknown): FlashBuyOutcome {
  if (!isApiError(error)) return { other: 'unknown' };
  if (error.status === 0) return { other: error.isTimeout ? 'timeout' : 'network' };
  if (error.status === 404) return { go: '/404' };
  if (Object.values(error.errors).some((rs) => rs.includes('purchase_blocked'))) return { go: '/ip_error' };
  if (error.status === 401) return { signIn: true };
  if (error.status === 429) return { other: 'rate_limit' };
  if (error.status >= 500) return { go: '/500' };
  for (const r of FLASH_REFUSALS) {
    const hit = r.field === null ? Object.values(error.errors).some((rs) => rs.includes(r.reason)) : error.has(r.field, r.reason);
    if (hit) return { refusal: r.kind };
  }
  return { other: 'unknown' };
}

/** Where the refusal's "what to do" points, if anywhere. */
export type FlashAction = 'security' | 'linked_accounts' | 'orders' | 'library' | null;

export const flashRefusalAction = (kind: FlashRefusalKind): FlashAction =>
  kind === 'phone_unbound' ? 'security' : kind === 'steam_unbound' || kind === 'wechat_unbound' ? 'linked_accounts' : kind === 'locked' ? 'orders' : kind === 'owned' || kind === 'owned_game' ? 'library' : null;

export interface RefusalContext {
  /** The item's limit per account. */
  buyLimit: number;
  /** The registration window (formatted dates) when the event sets one. */
  registeredFrom: string | null;
  registeredTo: string | null;
}

/** The refusal in words: what went wrong and what to do. */
export function flashRefusalText(t: TFunction, kind: FlashRefusalKind, ctx: RefusalContext): string {
  if (kind === 'exceed_limit') return t('flash.refusals.exceed_limit', { count: ctx.buyLimit });
  if (kind === 'registered_at') {
    if (ctx.registeredFrom && ctx.registeredTo) return t('flash.refusals.registered_between', { from: ctx.registeredFrom, to: ctx.registeredTo });
    if (ctx.registeredFrom) return t('flash.refusals.registered_after', { from: ctx.registeredFrom });
    if (ctx.registeredTo) return t('flash.refusals.registered_before', { to: ctx.registeredTo });
    return t('flash.refusals.registered_at');
  }
  return t(`flash.refusals.${kind}`);
}
