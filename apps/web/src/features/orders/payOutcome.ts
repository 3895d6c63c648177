import type { PayQueryResponse } from '@lantern/contract';
import { isApiError } from '../../lib/api';

/**
 * What a pay or pay_query answer means for the buyer (docs/product/buying.md#payment-outcomes):
 * complete → the order-complete page; busy → "order busy" toast; 404 → unusual payment; anything the
 * client does not understand → unknown error. The rest are the states of one attempt.
 */
export type PayOutcome =
  | { kind: 'complete' }
  | { kind: 'pending' }
  | { kind: 'failed' }
  | { kind: 'canceled' }
  | { kind: 'refunded' }
  | { kind: 'busy' }
  | { kind: 'unusual' }
  /** The order changed since it was shown (409 version stale): reload it and ask again. */
  | { kind: 'stale' }
  /** The order itself can no longer be paid (completed, canceled, expired). */
  | { kind: 'unpayable'; reason: string }
  /** The chosen method cannot pay (wallet_frozen, insufficient_balance, …). */
  | { kind: 'method'; reason: string }
  | { kind: 'sign_in' }
  | { kind: 'unknown'; reason: string };

export function outcomeOfStatus(status: PayQueryResponse['status']): PayOutcome {
  return { kind: status };
}

export function outcomeOfError(e: unknown): PayOutcome {
  if (!isApiError(e)) return { kind: 'unknown', reason: '' };
  if (e.status === 401) return { kind: 'sign_in' };
  if (e.status === 404) return { kind: 'unusual' };
  if (e.has('order', 'busy') || e.has('base', 'busy') || e.status === 429) return { kind: 'busy' };
  if (e.has('version', 'stale')) return { kind: 'stale' };
  const state = e.errors.state?.[0];
  if (state) return { kind: 'unpayable', reason: state };
  const method = e.errors.payment_method?.[0];
  if (method) return { kind: 'method', reason: method };
  const first = Object.values(e.errors)[0]?.[0];
  return { kind: 'unknown', reason: first ?? String(e.status) };
}

/** i18n key (and variables) of an outcome's message. */
export function outcomeMessage(o: PayOutcome): { key: string; vars?: Record<string, string> } {
  switch (o.kind) {
    case 'unpayable':
      return { key: `pay.unpayable_${o.reason}`, vars: { reason: o.reason } };
    case 'method':
      return { key: `pay.method_${o.reason}`, vars: { reason: o.reason } };
    case 'unknown':
      return { key: 'pay.unknown', vars: { reason: o.reason } };
    default:
      return { key: `pay.${o.kind}` };
  }
}
