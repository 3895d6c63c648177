import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { mockFetch } from '../../../test/fetchMock';
import { testQueryClient } from '../../../test/queryClient';
import { useRemoveWish } from './removeWish';

describe('useRemoveWish', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reloads the wish list and the game's own page, and no other game's", async () => {
    const answer = { sku_id: 12, is_wished: false, wishes_count: 3 };
    mockFetch({ 'DELETE /api/me/wishes/12': [{ status: 200, body: answer }] });
    const { client, wrapper, invalidated } = testQueryClient();
    client.setQueryData(queryKeys.wishes.page(1), { skus: [] });
    client.setQueryData(queryKeys.wishes.page(2), { skus: [] });
    client.setQueryData(queryKeys.catalog.sku(12), { id: 12 });
    client.setQueryData(queryKeys.catalog.sku(13), { id: 13 });
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useRemoveWish({ onSuccess }), { wrapper });

    act(() => result.current.mutate(12));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    expect(onSuccess).toHaveBeenCalledWith(answer, 12);
    expect(invalidated(queryKeys.wishes.page(1))).toBe(true);
    expect(invalidated(queryKeys.wishes.page(2))).toBe(true);
    expect(invalidated(queryKeys.catalog.sku(12))).toBe(true);
    expect(invalidated(queryKeys.catalog.sku(13))).toBe(false);
  });

  it('changes nothing in the cache when the server refuses', async () => {
    mockFetch({ 'DELETE /api/me/wishes/12': [{ status: 500, body: { errors: { base: ['server_error'] } } }] });
    const { client, wrapper, invalidated } = testQueryClient();
    client.setQueryData(queryKeys.wishes.page(1), { skus: [] });
    const onError = vi.fn();
    const { result } = renderHook(() => useRemoveWish({ onError }), { wrapper });

    act(() => result.current.mutate(12));
    await waitFor(() => expect(result.current.isError).toBe(true));

    expect(onError).toHaveBeenCalledOnce();
    expect(invalidated(queryKeys.wishes.page(1))).toBe(false);
  });
});
