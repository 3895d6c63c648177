import { queryOptions, useQuery } from '@tanstack/react-query';
import { COMMUNITY_API, type contributorsResponse } from '@lantern/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type Contributors = z.infer<typeof contributorsResponse>;

/** GET /api/groups/{id}/contributors: members ranked by their posts and reviews. */
export const contributorsQuery = (groupId: number) =>
  queryOptions({ queryKey: queryKeys.community.contributors(groupId), queryFn: () => api.get<Contributors>(COMMUNITY_API.groupContributors(groupId), { auth: 'optional', query: { per: 20 } }) });

export const useContributors = (groupId: number, enabled: boolean) => useQuery({ ...contributorsQuery(groupId), enabled });
