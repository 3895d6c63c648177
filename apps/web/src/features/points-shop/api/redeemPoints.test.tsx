import type { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { mockFetch } from '../../../test/fetchMock';
import { settleMutation } from '../../../test/queryClient';
import { useRedeemPoints } from './redeemPoints';

/** A signed-in account with `score` points and the shop loaded. */
function seed(client: QueryClient, score: number) {
  client.setQueryData(queryKeys.me.all, { id: 1 });
  client.setQueryData(queryKeys.pointRedeems, { point_redeems: [], score, redeemed: [] });
}

describe('useRedeemPoints', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refreshes all of the account (points, coupons, keys, the shop) after a redemption', async () => {
    mockFetch({ 'POST /api/point_redeems/7/redeem': [{ status: 201, body: { point_redeem: { id: 7 }, score: 300, account_coupon_id: 9, order_id: null } }] });
    const { result, onSuccess, invalidated } = await settleMutation(useRedeemPoints, 7, (client) => seed(client, 500));
    expect(result.isSuccess).toBe(true);
    expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ score: 300 }), 7);
    expect(invalidated(queryKeys.me.all)).toBe(true);
    expect(invalidated(queryKeys.pointRedeems)).toBe(true);
  });

  it('reloads only the shop on a refusal, and hands the reason (with the points missing) to the page', async () => {
    mockFetch({ 'POST /api/point_redeems/7/redeem': [{ status: 422, body: { errors: { points: ['no_grade_left'] }, meta: { missing_points: 150 } } }] });
    const { result, onError, invalidated } = await settleMutation(useRedeemPoints, 7, (client) => seed(client, 50));
    expect(result.isError).toBe(true);
    expect(onError.mock.calls[0]![0]).toMatchObject({ status: 422, meta: { missing_points: 150 } });
    expect(invalidated(queryKeys.pointRedeems)).toBe(true);
    expect(invalidated(queryKeys.me.all)).toBe(false);
  });
});
