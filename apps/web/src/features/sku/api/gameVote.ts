import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GAME_REVIEWS_API, type VoteInfo } from '@lantern/contract';
import { api } from '../../../lib/api';
import type { MutationCallbacks } from '../../../lib/mutationCallbacks';
import { queryKeys } from '../../../lib/query-keys';

/** GET /support/vote/activity/client/info: the game's vote on this site (null: none) with the viewer's choice. */
export const gameVoteQuery = (skuId: number) =>
  queryOptions({
    queryKey: queryKeys.gameVote(skuId),
    queryFn: async () => (await api.get<{ data: VoteInfo | null }>(GAME_REVIEWS_API.voteInfo, { auth: 'optional', query: { skuId } })).data,
    retry: false,
  });

export const useGameVote = (skuId: number) => useQuery(gameVoteQuery(skuId));

/**
 * POST /support/vote/activity/client/vote: one vote per account. The answer is the vote with the new
 * counts, put in place at once; a refusal (voted already, ended) refetches the vote as it is.
 */
export function useCastVote(skuId: number, callbacks: MutationCallbacks<VoteInfo, number> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ activityId, optionId }: { activityId: number; optionId: number }) =>
      (await api.post<{ data: VoteInfo }>(GAME_REVIEWS_API.vote, { activityId, optionId })).data,
    onSuccess: (info, vars) => {
      client.setQueryData(queryKeys.gameVote(skuId), info);
      callbacks.onSuccess?.(info, vars.optionId);
    },
    onError: (e, vars) => {
      void client.invalidateQueries({ queryKey: queryKeys.gameVote(skuId) });
      callbacks.onError?.(e, vars.optionId);
    },
    onSettled: callbacks.onSettled,
  });
}
