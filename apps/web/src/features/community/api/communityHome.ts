import { queryOptions, useQuery } from '@tanstack/react-query';
import { COMMUNITY_API, type communityHomeResponse } from '@lantern/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type CommunityHome = z.infer<typeof communityHomeResponse>;

/** GET /api/community_home: the group hall, hot and recent posts, recommended groups and the viewer's groups. */
export const communityHomeQuery = queryOptions({
  queryKey: queryKeys.community.home,
  queryFn: () => api.get<CommunityHome>(COMMUNITY_API.communityHome, { auth: 'optional' }),
});

export const useCommunityHome = () => useQuery(communityHomeQuery);
