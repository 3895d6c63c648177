import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { mockFetch } from '../../../test/fetchMock';
import { testQueryClient } from '../../../test/queryClient';
import { useUpdateQueue } from './queues';

const queue = (completed: boolean, viewed: number[]) => ({
  id: 4,
  items: [{ id: 11 }, { id: 12 }],
  progress: { started_timestamp: 1, viewed_item_ids: viewed, completed, completed_timestamp: completed ? 2 : null },
});

describe('useUpdateQueue', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the item seen, stores the answered queue, and on completion reloads points and coupons', async () => {
    const f = mockFetch({ 'PATCH /api/promotion/queues/4': [{ status: 200, body: queue(false, [11]) }, { status: 200, body: queue(true, [11, 12]) }] });
    const { client, wrapper, invalidated } = testQueryClient();
    client.setQueryData(queryKeys.points.page(1), { point_details: [] });
    client.setQueryData(queryKeys.queues.live(), { queues: [] });
    const { result } = renderHook(() => useUpdateQueue(), { wrapper });

    act(() => result.current.mutate({ id: 4, viewed: [11] }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(f.calls[0]!.body).toEqual({ queue: { viewed_item_ids: [11] } });
    expect(client.getQueryData<ReturnType<typeof queue>>(queryKeys.queues.detail(4))!.progress.viewed_item_ids).toEqual([11]);
    expect(invalidated(queryKeys.points.page(1))).toBe(false);

    act(() => result.current.mutate({ id: 4, viewed: [12], complete: true }));
    await waitFor(() => expect(client.getQueryData<ReturnType<typeof queue>>(queryKeys.queues.detail(4))!.progress.completed).toBe(true));
    expect(f.calls[1]!.body).toEqual({ queue: { viewed_item_ids: [12], complete: true } });
    expect(invalidated(queryKeys.points.page(1))).toBe(true);
    expect(invalidated(queryKeys.queues.live())).toBe(true);
  });

  it('leaves the stored queue alone when the server refuses (not_completed)', async () => {
    mockFetch({ 'PATCH /api/promotion/queues/4': [{ status: 422, body: { errors: { queue: ['not_completed'] } } }] });
    const { client, wrapper } = testQueryClient();
    client.setQueryData(queryKeys.queues.detail(4), queue(false, [11]));
    const { result } = renderHook(() => useUpdateQueue(), { wrapper });
    act(() => result.current.mutate({ id: 4, viewed: [], complete: true }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(client.getQueryData<ReturnType<typeof queue>>(queryKeys.queues.detail(4))!.progress.completed).toBe(false);
  });
});
