import { describe, expect, it } from 'vitest';
import { i18next } from '../../i18n';
import { ApiError } from '../../lib/api';
import { outcomeMessage, outcomeOfError, outcomeOfStatus } from './payOutcome';

const t = i18next.t.bind(i18next);

describe('payment outcomes', () => {
  it('reads pay errors: busy, unusual (404), stale, unpayable, method, unknown', () => {
    expect(outcomeOfError(new ApiError(409, { order: ['busy'] }))).toEqual({ kind: 'busy' });
    expect(outcomeOfError(new ApiError(404, { base: ['unusual'] }))).toEqual({ kind: 'unusual' });
    expect(outcomeOfError(new ApiError(409, { version: ['stale'] }))).toEqual({ kind: 'stale' });
    expect(outcomeOfError(new ApiError(422, { state: ['expired'] }))).toEqual({ kind: 'unpayable', reason: 'expired' });
    expect(outcomeOfError(new ApiError(422, { payment_method: ['insufficient_balance'] }))).toEqual({ kind: 'method', reason: 'insufficient_balance' });
    expect(outcomeOfError(new ApiError(400, { weird: ['thing'] }))).toEqual({ kind: 'unknown', reason: 'thing' });
    expect(outcomeOfError(new Error('boom'))).toEqual({ kind: 'unknown', reason: '' });
    expect(outcomeOfError(new ApiError(401))).toEqual({ kind: 'sign_in' });
  });

  it('has words for every outcome and pay_query status', () => {
    const outcomes = [
      ...(['complete', 'pending', 'failed', 'canceled', 'refunded'] as const).map(outcomeOfStatus),
      { kind: 'busy' as const },
      { kind: 'unusual' as const },
      { kind: 'stale' as const },
      ...['completed', 'canceled', 'expired'].map((reason) => ({ kind: 'unpayable' as const, reason })),
      ...['wallet_frozen', 'insufficient_balance', 'points_unsupported', 'insufficient_points', 'cash_unsupported'].map((reason) => ({ kind: 'method' as const, reason })),
      { kind: 'unknown' as const, reason: 'x' },
    ];
    for (const o of outcomes) {
      const m = outcomeMessage(o);
      expect(i18next.exists(m.key), m.key).toBe(true);
      expect(t(m.key, m.vars)).not.toBe('');
    }
  });
});
