import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../i18n';
import { mockFetch } from '../test/fetchMock';
import { ApiError } from './api';
import { applyCart, cartErrorText, cartQuery, stationName } from './cart';

const t = i18next.t.bind(i18next);
const cart = (n: number) => ({ cart_skus: [], meta: { total_count: n, total_quantity: n, total_price: 0, currency: 'CNY', max_lines: 100 } });

describe('cart messages', () => {
  it('a full cart names the station, in both languages', async () => {
    const full = new ApiError(422, { total_count: ['out_limit'] });
    expect(cartErrorText(t, full, stationName(t, 'abroad'))).toContain('International site');
    expect(cartErrorText(t, full, stationName(t, 'native'))).toContain('Mainland site');
    await i18next.changeLanguage('zh-CN');
    expect(cartErrorText(t, full, stationName(t, 'native'))).toContain('大陆站');
    await i18next.changeLanguage('en');
  });

  it('says please wait when throttled, and that adding failed otherwise', () => {
    expect(cartErrorText(t, new ApiError(429, { base: ['rate_limit'] }), 'x')).toBe(t('cart.please_wait'));
    expect(cartErrorText(t, new ApiError(422, { quantity: ['out_of_range'] }), 'x')).toBe(t('cart.quantity_out_of_range'));
    expect(cartErrorText(t, new ApiError(422, { sku_id: ['status_invalid'] }), 'x')).toBe(t('cart.item_unavailable'));
    expect(cartErrorText(t, new Error('?'), 'x')).toBe(t('cart.update_failed'));
  });
});

describe('cart queries', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks one category with q[sku_cate_eq], all of them without', async () => {
    const f = mockFetch({ 'GET /api/cart': [{ status: 200, body: cart(1) }] });
    const client = new QueryClient();
    await client.fetchQuery(cartQuery('physical'));
    await client.fetchQuery(cartQuery());
    expect(f.calls[0]!.url.searchParams.get('q[sku_cate_eq]')).toBe('physical');
    expect(f.calls[1]!.url.searchParams.has('q[sku_cate_eq]')).toBe(false);
  });

  it('a write replaces its own view and marks the others stale', async () => {
    mockFetch({ 'GET /api/cart': [{ status: 200, body: cart(1) }] });
    const client = new QueryClient();
    await client.fetchQuery(cartQuery('game'));
    await client.fetchQuery(cartQuery());
    applyCart(client, cart(2) as never, 'game');
    expect(client.getQueryData(cartQuery('game').queryKey)!.meta.total_count).toBe(2);
    expect(client.getQueryState(cartQuery('game').queryKey)!.isInvalidated).toBe(false);
    expect(client.getQueryState(cartQuery().queryKey)!.isInvalidated).toBe(true);
  });
});
