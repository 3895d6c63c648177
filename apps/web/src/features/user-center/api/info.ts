import { queryOptions } from '@tanstack/react-query';
import { USER_CENTER_API, type UserCenterInfo } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/user_center/info: the user-centre home in one call (counts, wallet, points, latest orders). */
export const userCenterInfoQuery = queryOptions({
  queryKey: queryKeys.userCenter.info,
  queryFn: () => api.get<UserCenterInfo>(USER_CENTER_API.info),
  staleTime: 15_000,
});
