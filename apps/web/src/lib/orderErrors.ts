import type { TFunction } from 'i18next';
import { isApiError } from './api';
import { reasonText } from './errors';

/**
 * Why an order could not be generated (docs/product/buying.md#order-generation), in words. POST /api/orders
 * answers 422 with every problem at once: `errors.sku` (status_invalid, exceed_limit, has_no_base,
 * duplicate, owned, region_invalid, not_in_cart, locked = order game lock), `errors.coupon_ids` (used, expired, not_applicable,
 * minimum_order, not_found), `errors.address_id`, and per SKU in `meta.skus`. A purchase ban reads "disable
 * buy" (`account: purchase_ban`); a game lock "has game lock"; a blocked purchase (`ip: purchase_blocked`) is not a
 * message but the /ip_error page.
 */

/** What is kept of the failure (it travels in router state, so it must be plain data). */
export interface OrderFailureData {
  status: number;
  errors: Record<string, string[]>;
  skus: Record<string, string[]>;
}

export function orderFailureData(error: unknown): OrderFailureData {
  if (!isApiError(error)) return { status: 0, errors: { base: ['network'] }, skus: {} };
  const raw = error.meta.skus;
  const skus: Record<string, string[]> = {};
  if (raw && typeof raw === 'object') {
    for (const [id, reasons] of Object.entries(raw as Record<string, unknown>)) {
      if (Array.isArray(reasons)) skus[id] = reasons.map(String);
    }
  }
  return { status: error.status, errors: error.errors, skus };
}

/** Fields whose reasons read as whole sentences, without "Field: " in front. */
const PLAIN_FIELDS = new Set(['base', 'sku', 'sku_ids', 'coupon_ids', 'address_id', 'account', 'ip']);

/** A blocked purchase goes to /ip_error instead of saying anything (docs/product/buying.md#purchase-blocked). */
export function isPurchaseBlocked(f: OrderFailureData): boolean {
  return Object.values(f.errors).some((rs) => rs.includes('purchase_blocked'));
}

export interface OrderFailureText {
  /** Messages about the whole order (and reasons on SKUs the caller cannot place). */
  general: string[];
  /** SKU id → messages for that line. */
  perSku: Record<number, string[]>;
}

/** The reason on an order field in words: `errors.<field>_<reason>` over `errors.<reason>`. */
function orderReason(t: TFunction, field: string, reason: string): string {
  if (reason === 'purchase_ban') return t('errors.purchase_ban');
  // The order game lock: an unpaid order already holds this game (the server says `sku: locked`).
  if (reason === 'locked' && (field === 'sku' || field === 'line')) return t('errors.order_game_lock');
  if (field === 'sku' || field === 'sku_ids' || field === 'sku_id') return reasonText(t, 'sku', reason);
  return reasonText(t, field, reason);
}

export function describeOrderFailure(t: TFunction, f: OrderFailureData, knownSkuIds: readonly number[] = []): OrderFailureText {
  const perSku: Record<number, string[]> = {};
  const general: string[] = [];
  const push = (list: string[], text: string) => {
    if (!list.includes(text)) list.push(text);
  };
  const placed = new Set<string>();
  for (const [id, reasons] of Object.entries(f.skus)) {
    const skuId = Number(id);
    for (const r of reasons) {
      // Next to its line a reason reads plainly ("You already own it"); in the summary it names "an item".
      if (knownSkuIds.includes(skuId)) push((perSku[skuId] ??= []), orderReason(t, 'line', r));
      else push(general, orderReason(t, 'sku', r));
      placed.add(r);
    }
  }
  for (const [field, reasons] of Object.entries(f.errors)) {
    for (const r of reasons) {
      // A SKU reason already said next to its line is not repeated, only summed up.
      if ((field === 'sku' || field === 'sku_ids') && placed.has(r)) continue;
      if (f.status === 0 && field === 'base') {
        push(general, t(r === 'timeout' ? 'errors.timeout' : 'errors.network'));
        continue;
      }
      if (field === 'base' && f.status === 404) {
        push(general, t('errors.not_found'));
        continue;
      }
      if (field === 'base' && f.status >= 500) {
        push(general, t('errors.server_error'));
        continue;
      }
      const text = orderReason(t, field, r);
      push(general, PLAIN_FIELDS.has(field) ? text : t('errors.with_field', { field: t(`fields.${field}`, { defaultValue: field }), message: text }));
    }
  }
  if (general.length === 0 && Object.keys(perSku).length > 0) general.push(t('orders.some_items_failed'));
  return { general, perSku };
}
