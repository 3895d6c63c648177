import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COMMUNITY_API, type joinResponse } from '@lantern/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import type { GroupDetail } from './group';

export type JoinResult = z.infer<typeof joinResponse>;

/** POST / DELETE /api/groups/{id}/join: follow or leave; the group shows the server's exact member count. */
export function useJoinGroup(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (join: boolean) => (join ? api.post<JoinResult>(COMMUNITY_API.groupJoin(groupId)) : api.delete<JoinResult>(COMMUNITY_API.groupJoin(groupId))),
    onSuccess: (result) => {
      client.setQueryData<GroupDetail>(queryKeys.community.group(groupId), (g) => (g ? { ...g, joined: result.joined, users_count: result.users_count } : g));
      void client.invalidateQueries({ queryKey: queryKeys.community.home });
    },
  });
}
