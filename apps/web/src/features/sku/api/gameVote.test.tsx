import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { mockFetch } from '../../../test/fetchMock';
import { testQueryClient } from '../../../test/queryClient';
import { useCastVote } from './gameVote';

const voted = { id: 3, skuId: 5, area: 'native', title: 'Q', status: 'current', startTimestamp: 1, endTimestamp: null, totalCount: 1, myOptionId: 8, options: [{ id: 8, label: 'a', count: 1, percent: 100 }] };

describe('useCastVote', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('puts the answered counts and the choice in place at once', async () => {
    const f = mockFetch({ 'POST /support/vote/activity/client/vote': [{ status: 200, body: { code: 200, data: voted, errorMsg: null } }] });
    const { client, wrapper } = testQueryClient();
    client.setQueryData(queryKeys.gameVote(5), { ...voted, totalCount: 0, myOptionId: null });
    const { result } = renderHook(() => useCastVote(5), { wrapper });
    act(() => result.current.mutate({ activityId: 3, optionId: 8 }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(f.calls[0]!.body).toEqual({ activityId: 3, optionId: 8 });
    expect(client.getQueryData(queryKeys.gameVote(5))).toMatchObject({ totalCount: 1, myOptionId: 8 });
  });

  it("reloads the vote on a refusal and hands over the server's words", async () => {
    mockFetch({ 'POST /support/vote/activity/client/vote': [{ status: 400, body: { code: 400, data: null, errorMsg: 'You have already voted', reason: 'taken' } }] });
    const { client, wrapper, invalidated } = testQueryClient();
    client.setQueryData(queryKeys.gameVote(5), voted);
    const onError = vi.fn();
    const { result } = renderHook(() => useCastVote(5, { onError }), { wrapper });
    act(() => result.current.mutate({ activityId: 3, optionId: 8 }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(onError.mock.calls[0]![0]).toMatchObject({ status: 400, meta: { errorMsg: 'You have already voted' } });
    expect(invalidated(queryKeys.gameVote(5))).toBe(true);
  });
});
