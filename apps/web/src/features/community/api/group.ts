import { queryOptions, useQuery } from '@tanstack/react-query';
import { COMMUNITY_API, type groupDetailResponse } from '@lantern/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { firstReadOr } from '../../../lib/firstRead';

export type GroupDetail = z.infer<typeof groupDetailResponse>;

/** GET /api/groups/{id}: the group, its evaluation and top contributors, and whether the viewer follows it. */
export const groupQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.community.group(id), queryFn: () => firstReadOr(COMMUNITY_API.group(id), () => api.get<GroupDetail>(COMMUNITY_API.group(id), { auth: 'optional' })) });

export const useGroup = (id: number) => useQuery(groupQuery(id));
