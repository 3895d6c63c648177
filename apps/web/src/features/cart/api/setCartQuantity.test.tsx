import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { mockFetch } from '../../../test/fetchMock';
import { testQueryClient } from '../../../test/queryClient';
import { useSetCartQuantity } from './setCartQuantity';

const cart = (n: number) => ({ cart_skus: [], meta: { total_count: n, total_quantity: n, total_price: 0, currency: 'CNY', max_lines: 100 } });

function seed(client: ReturnType<typeof testQueryClient>['client']) {
  client.setQueryData(queryKeys.cart.view('physical'), cart(2));
  client.setQueryData(queryKeys.cart.view(), cart(3));
  client.setQueryData(queryKeys.cart.coupons, { account_coupons: [] });
}

describe('useSetCartQuantity', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("puts the answer in the category shown and reloads the cart's other views and its coupons", async () => {
    const f = mockFetch({ 'PATCH /api/cart': [{ status: 200, body: cart(1) }] });
    const { client, wrapper, invalidated } = testQueryClient();
    seed(client);
    const { result } = renderHook(() => useSetCartQuantity('physical'), { wrapper });

    act(() => result.current.mutate({ skuId: 4, quantity: 0 }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    expect(f.calls[0]!.body).toEqual({ cart: { cart_skus: [{ sku_id: 4, quantity: 0 }] } });
    expect(f.calls[0]!.url.searchParams.get('q[sku_cate_eq]')).toBe('physical');
    expect(client.getQueryData(queryKeys.cart.view('physical'))).toEqual(cart(1));
    expect(invalidated(queryKeys.cart.view('physical'))).toBe(false);
    expect(invalidated(queryKeys.cart.view())).toBe(true);
    expect(invalidated(queryKeys.cart.coupons)).toBe(true);
  });

  it('reloads the category shown after a refusal, and says nothing and reloads nothing after a 401', async () => {
    mockFetch({
      'PATCH /api/cart': [{ status: 422, body: { errors: { quantity: ['out_of_range'] } } }, { status: 401, body: { errors: { base: ['unauthorized'] } } }],
      'PATCH /api/access_token': [{ status: 401, body: { errors: { base: ['refresh_token_invalid'] } } }],
    });
    const { client, wrapper, invalidated } = testQueryClient();
    seed(client);
    const onError = vi.fn();
    const { result } = renderHook(() => useSetCartQuantity('physical', { onError }), { wrapper });

    act(() => result.current.mutate({ skuId: 4, quantity: 99 }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(onError).toHaveBeenCalledOnce();
    expect(invalidated(queryKeys.cart.view('physical'))).toBe(true);

    seed(client);
    act(() => result.current.mutate({ skuId: 4, quantity: 2 }));
    await waitFor(() => expect(result.current.error).toMatchObject({ status: 401 }));
    expect(onError).toHaveBeenCalledOnce();
    expect(invalidated(queryKeys.cart.view('physical'))).toBe(false);
  });
});
