import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { mockFetch } from '../../../test/fetchMock';
import { settleMutation, testQueryClient } from '../../../test/queryClient';
import { useDeleteOrder } from './deleteOrder';
import type { OrdersResponse } from './orders';

const meta = (total: number) => ({ page: 1, per: 10, total_count: total, total_pages: 1 });
const list = (...ids: number[]) => ({ orders: ids.map((id) => ({ id })), meta: meta(ids.length) }) as unknown as OrdersResponse;

function seed(client: ReturnType<typeof testQueryClient>['client']) {
  client.setQueryData(queryKeys.orders.list('all', 1), list(5, 6));
  client.setQueryData(queryKeys.orders.list('pending', 1), list(5));
  client.setQueryData(queryKeys.orders.detail(5), { id: 5 });
  client.setQueryData(queryKeys.coupons.mine('available', 1), { coupons: [] });
  client.setQueryData(queryKeys.cart.coupons, { account_coupons: [] });
  client.setQueryData(queryKeys.userCenter.info, { counts: {} });
  client.setQueryData(queryKeys.keys.list('all', 1), { game_keys: [] });
}

describe('useDeleteOrder', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes the order off every cached list page at once and reloads what its coupon and counts touched', async () => {
    const f = mockFetch({ 'DELETE /api/orders/5': [{ status: 204 }] });
    const { client, result, onSuccess, invalidated } = await settleMutation(useDeleteOrder, 5, seed);
    expect(result.isSuccess).toBe(true);

    expect(f.count('DELETE /api/orders/5')).toBe(1);
    expect(onSuccess).toHaveBeenCalledWith(undefined, 5);
    const all = client.getQueryData<OrdersResponse>(queryKeys.orders.list('all', 1))!;
    expect(all.orders.map((o) => o.id)).toEqual([6]);
    expect(all.meta.total_count).toBe(1);
    expect(client.getQueryData<OrdersResponse>(queryKeys.orders.list('pending', 1))!.orders).toEqual([]);
    for (const key of [queryKeys.orders.list('all', 1), queryKeys.orders.detail(5), queryKeys.coupons.mine('available', 1), queryKeys.cart.coupons, queryKeys.userCenter.info])
      expect(invalidated(key), JSON.stringify(key)).toBe(true);
    // Keys are not touched by ending an unpaid order.
    expect(invalidated(queryKeys.keys.list('all', 1))).toBe(false);
  });

  it('on a refusal leaves the lists as they were but reloads the orders, which have moved on', async () => {
    mockFetch({ 'DELETE /api/orders/5': [{ status: 422, body: { errors: { state: ['completed'] } } }] });
    const { client, result, onError, invalidated } = await settleMutation(useDeleteOrder, 5, seed);
    expect(result.isError).toBe(true);

    expect(onError).toHaveBeenCalledOnce();
    expect(client.getQueryData<OrdersResponse>(queryKeys.orders.list('all', 1))!.orders.map((o) => o.id)).toEqual([5, 6]);
    expect(invalidated(queryKeys.orders.detail(5))).toBe(true);
    expect(invalidated(queryKeys.cart.coupons)).toBe(false);
  });
});
