import { describe, expect, it } from 'vitest';
import { i18next } from '../i18n';
import { ApiError } from './api';
import { describeOrderFailure, isPurchaseBlocked, orderFailureData } from './orderErrors';

const t = i18next.t.bind(i18next);

const failure = (status: number, errors: Record<string, string[]>, meta: Record<string, unknown> = {}) => orderFailureData(new ApiError(status, errors, meta));

describe('order generation reasons', () => {
  it('says every order generation reason in words, in both languages', async () => {
    const reasons: Array<[string, string]> = [
      ['sku', 'status_invalid'],
      ['sku', 'exceed_limit'],
      ['sku', 'has_no_base'],
      ['sku', 'duplicate'],
      ['sku', 'owned'],
      ['sku', 'region_invalid'],
      ['coupon_ids', 'used'],
      ['coupon_ids', 'expired'],
      ['coupon_ids', 'not_applicable'],
      ['coupon_ids', 'minimum_order'],
      ['account', 'purchase_ban'],
      ['sku', 'locked'],
    ];
    for (const lang of ['en', 'zh-CN']) {
      await i18next.changeLanguage(lang);
      const seen = new Set<string>();
      for (const [field, reason] of reasons) {
        const text = describeOrderFailure(t, failure(422, { [field]: [reason] })).general;
        expect(text, `${field} ${reason}`).toHaveLength(1);
        expect(text[0]).not.toMatch(/errors\.|Something went wrong|出错/);
        seen.add(text[0]!);
      }
      expect(seen.size).toBe(reasons.length);
    }
    await i18next.changeLanguage('en');
  });

  it('a purchase ban reads "disabled" and a game lock "in progress"', () => {
    expect(describeOrderFailure(t, failure(403, { account: ['purchase_ban'] })).general).toEqual([t('errors.purchase_ban')]);
    expect(t('errors.purchase_ban')).toMatch(/disabled/i);
    const lock = describeOrderFailure(t, failure(422, { sku: ['locked'] }, { skus: { '3': ['locked'] } }), [3]);
    expect(lock.perSku[3]).toEqual([t('errors.order_game_lock')]);
    expect(t('errors.order_game_lock')).toMatch(/unpaid order/i);
  });

  it('places per-SKU reasons next to their lines and sums them up once', () => {
    const f = failure(422, { sku: ['owned', 'has_no_base'], coupon_ids: ['minimum_order'] }, { skus: { '7': ['owned'], '9': ['has_no_base'] } });
    const text = describeOrderFailure(t, f, [7, 9]);
    expect(text.perSku[7]).toEqual([t('errors.owned')]);
    expect(text.perSku[9]).toEqual([t('errors.has_no_base')]);
    expect(text.general).toEqual([t('errors.coupon_ids_minimum_order')]);
  });

  it('says something general when only lines failed', () => {
    const text = describeOrderFailure(t, failure(422, { sku: ['owned'] }, { skus: { '7': ['owned'] } }), [7]);
    expect(text.general).toEqual([t('orders.some_items_failed')]);
  });

  it('a blocked purchase is not a message but the /ip_error page', () => {
    expect(isPurchaseBlocked(failure(403, { ip: ['purchase_blocked'] }))).toBe(true);
    expect(isPurchaseBlocked(failure(403, { base: ['purchase_ban'] }))).toBe(false);
  });

  it('network trouble and server errors read as such', () => {
    expect(describeOrderFailure(t, orderFailureData(new Error('x'))).general).toEqual([t('errors.network')]);
    expect(describeOrderFailure(t, failure(500, { base: ['server_error'] })).general).toEqual([t('errors.server_error')]);
  });
});
