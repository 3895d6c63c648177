import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  INVITES_API, JOURNEYS_API, type accountsInviteRegistersResponse, type inviteRegisterNewResponse, type journeyRewardOpened, type journeyRewardsResponse,
  type journeyTaskDone, type JourneyTasksResponse,
} from '@lantern/contract';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export type JourneyRewardsResponse = z.infer<typeof journeyRewardsResponse>;
export type InviteRegisterNew = z.infer<typeof inviteRegisterNewResponse>;
export type InvitedResponse = z.infer<typeof accountsInviteRegistersResponse>;

/** GET /api/me/journey_tasks: the site's current journeys' tasks and which I have done. */
export const journeyTasksQuery = queryOptions({
  queryKey: queryKeys.journeys.tasks,
  queryFn: () => api.get<JourneyTasksResponse>(JOURNEYS_API.tasks),
});

/** GET /api/me/journey_rewards: my rewards, closed until opened. */
export const journeyRewardsQuery = queryOptions({
  queryKey: queryKeys.journeys.rewards,
  queryFn: () => api.get<JourneyRewardsResponse>(JOURNEYS_API.rewards),
});

/** After a task or an opening, the tasks, rewards and my points (the header, the points page) change. */
function useRefreshJourneys() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: queryKeys.journeys.tasks });
    void client.invalidateQueries({ queryKey: queryKeys.journeys.rewards });
    void client.invalidateQueries({ queryKey: queryKeys.me.all, exact: true });
  };
}

type TaskRef = { journeyId: number; taskId: number };

export function useShareTask() {
  const refresh = useRefreshJourneys();
  return useMutation({
    mutationFn: ({ journeyId, taskId }: TaskRef) => api.post<z.infer<typeof journeyTaskDone>>(JOURNEYS_API.share(journeyId, taskId), {}),
    onSuccess: refresh,
  });
}

export function useRedeemTaskCode() {
  const refresh = useRefreshJourneys();
  return useMutation({
    mutationFn: ({ journeyId, taskId, code }: TaskRef & { code: string }) => api.post<z.infer<typeof journeyTaskDone>>(JOURNEYS_API.redeemCode(journeyId, taskId), { code }),
    onSuccess: refresh,
  });
}

export function useOpenReward() {
  const refresh = useRefreshJourneys();
  return useMutation({
    mutationFn: (id: number) => api.patch<z.infer<typeof journeyRewardOpened>>(JOURNEYS_API.openReward(id)),
    onSuccess: refresh,
  });
}

/** GET /api/invite_register/new: my invite code, link and counts. */
export const inviteInfoQuery = queryOptions({
  queryKey: queryKeys.invites.info,
  queryFn: () => api.get<InviteRegisterNew>(INVITES_API.inviteRegisterNew),
});

/** GET /api/accounts_invite_registers: the accounts I invited. */
export const invitedQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.invites.invited(page),
    queryFn: () => api.get<InvitedResponse>(INVITES_API.invited, { query: { page } }),
  });
