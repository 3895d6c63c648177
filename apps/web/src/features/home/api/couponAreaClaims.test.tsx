import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { mockFetch } from '../../../test/fetchMock';
import { testQueryClient } from '../../../test/queryClient';
import { useClaimAreaCoupon } from './couponAreaClaims';

describe('useClaimAreaCoupon', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('marks the coupon held at once, then reloads my coupons and the cart', async () => {
    mockFetch({ 'PATCH /api/account_coupons/5': [{ status: 200, body: { id: 40, coupon_id: 5 } }] });
    const { client, wrapper, invalidated } = testQueryClient();
    client.setQueryData(queryKeys.heldCouponIds, new Set([1]));
    client.setQueryData(queryKeys.coupons.mine('available', 1), { account_coupons: [] });
    client.setQueryData(queryKeys.cart.view(), { lines: [] });
    const { result } = renderHook(() => useClaimAreaCoupon(), { wrapper });
    act(() => result.current.mutate(5));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect([...client.getQueryData<Set<number>>(queryKeys.heldCouponIds)!]).toEqual([1, 5]);
    expect(invalidated(queryKeys.coupons.mine('available', 1))).toBe(true);
    expect(invalidated(queryKeys.cart.view())).toBe(true);
  });

  it('reloads what I hold when the claim is refused (already mine, all taken)', async () => {
    mockFetch({ 'PATCH /api/account_coupons/5': [{ status: 400, body: { errors: { account: ['taken'] } } }] });
    const { client, wrapper, invalidated } = testQueryClient();
    client.setQueryData(queryKeys.heldCouponIds, new Set([1]));
    const { result } = renderHook(() => useClaimAreaCoupon(), { wrapper });
    act(() => result.current.mutate(5));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(invalidated(queryKeys.heldCouponIds)).toBe(true);
  });
});
