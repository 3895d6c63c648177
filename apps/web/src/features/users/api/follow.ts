import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { PEOPLE_API, type BlockChangeAnswer, type FollowResponse, type FollowStateResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/users/{id}/follow: whether the viewer follows or blocked this person (docs/product/people.md#follows). */
export const followStateQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.users.follow(id),
    queryFn: () => api.get<FollowStateResponse>(PEOPLE_API.follow(id), { auth: 'optional' }),
    retry: false,
  });

/** Follow (POST /api/accounts/{id}/friends) or unfollow (DELETE /api/users/{id}/follow); a guest gets the sign-in popup. */
export function useFollow(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => (follow ? api.post<FollowResponse>(PEOPLE_API.friends(id)) : api.delete<FollowResponse>(PEOPLE_API.follow(id))),
    // A read of the follow state still in flight (the page's first, or one the session's arrival started) would
    // land after the answer and put back the state from before the click: it is cancelled, and the answer kept.
    onMutate: () => client.cancelQueries({ queryKey: queryKeys.users.follow(id) }),
    onSuccess: async (result) => {
      await client.cancelQueries({ queryKey: queryKeys.users.follow(id) });
      client.setQueryData<FollowStateResponse>(queryKeys.users.follow(id), (s) => (s ? { ...s, following: result.follow.following, followers_count: result.follow.followers_count } : s));
      void client.invalidateQueries({ queryKey: queryKeys.talks.all });
    },
  });
}

/** Block (POST /blacklist/add) or unblock (POST /blacklist/delete): a block also ends follows both ways. */
export function useBlock(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (block: boolean) => api.post<BlockChangeAnswer>(block ? PEOPLE_API.blockAdd : PEOPLE_API.blockDelete, { blockAccountId: Number(id) }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.users.follow(id) });
      void client.invalidateQueries({ queryKey: queryKeys.people.blockListAll });
      // What the blocked wrote leaves (or comes back to) every list the viewer reads.
      void client.invalidateQueries({ queryKey: queryKeys.talks.all });
      void client.invalidateQueries({ queryKey: queryKeys.community.all });
    },
  });
}
