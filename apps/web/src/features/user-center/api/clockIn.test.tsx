import type { Me } from '@lantern/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { mockFetch } from '../../../test/fetchMock';
import { testQueryClient } from '../../../test/queryClient';
import { useClockIn } from './clockIn';

const point = (score: number, checked: boolean) => ({ score, total_score: score, history_score: score, xp: 0, clock_in: { checked, days: 1 } });
const me = { id: 1, nickname: 'kai', point: point(10, false) } as unknown as Me;

describe('useClockIn', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the new balance at once, then reloads the account and its point records", async () => {
    mockFetch({ 'POST /api/me/clock_in': [{ status: 200, body: { score_added: 5, point: point(15, true) } }] });
    const { client, wrapper, invalidated } = testQueryClient();
    client.setQueryData(queryKeys.me.all, me);
    client.setQueryData(queryKeys.points.page(1), { point_details: [] });
    const { result } = renderHook(() => useClockIn(), { wrapper });

    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    const after = client.getQueryData<Me>(queryKeys.me.all)!;
    expect(after.point.score).toBe(15);
    expect(after.point.clock_in.checked).toBe(true);
    expect(invalidated(queryKeys.me.all)).toBe(true);
    expect(invalidated(queryKeys.points.page(1))).toBe(true);
  });

  it("marks today as done when the server says today's check-in already happened", async () => {
    mockFetch({ 'POST /api/me/clock_in': [{ status: 422, body: { errors: { base: ['greater_than'] } } }] });
    const { client, wrapper } = testQueryClient();
    client.setQueryData(queryKeys.me.all, me);
    const onError = vi.fn();
    const { result } = renderHook(() => useClockIn({ onError }), { wrapper });

    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isError).toBe(true));

    expect(client.getQueryData<Me>(queryKeys.me.all)!.point.clock_in.checked).toBe(true);
    expect(client.getQueryData<Me>(queryKeys.me.all)!.point.score).toBe(10);
    expect(onError).toHaveBeenCalledOnce();
  });
});
