import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { mockFetch } from '../../../test/fetchMock';
import { testQueryClient } from '../../../test/queryClient';
import { useRedeemPoints } from './redeemPoints';

describe('useRedeemPoints', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refreshes all of the account (points, coupons, keys, the shop) after a redemption', async () => {
    mockFetch({ 'POST /api/point_redeems/7/redeem': [{ status: 201, body: { point_redeem: { id: 7 }, score: 300, account_coupon_id: 9, order_id: null } }] });
    const { client, wrapper, invalidated } = testQueryClient();
    client.setQueryData(queryKeys.me.all, { id: 1 });
    client.setQueryData(queryKeys.pointRedeems, { point_redeems: [], score: 500, redeemed: [] });
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useRedeemPoints({ onSuccess }), { wrapper });
    act(() => result.current.mutate(7));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ score: 300 }), 7);
    expect(invalidated(queryKeys.me.all)).toBe(true);
    expect(invalidated(queryKeys.pointRedeems)).toBe(true);
  });

  it('reloads only the shop on a refusal, and hands the reason (with the points missing) to the page', async () => {
    mockFetch({ 'POST /api/point_redeems/7/redeem': [{ status: 422, body: { errors: { points: ['no_grade_left'] }, meta: { missing_points: 150 } } }] });
    const { client, wrapper, invalidated } = testQueryClient();
    client.setQueryData(queryKeys.me.all, { id: 1 });
    client.setQueryData(queryKeys.pointRedeems, { point_redeems: [], score: 50, redeemed: [] });
    const onError = vi.fn();
    const { result } = renderHook(() => useRedeemPoints({ onError }), { wrapper });
    act(() => result.current.mutate(7));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(onError.mock.calls[0]![0]).toMatchObject({ status: 422, meta: { missing_points: 150 } });
    expect(invalidated(queryKeys.pointRedeems)).toBe(true);
    expect(invalidated(queryKeys.me.all)).toBe(false);
  });
});
