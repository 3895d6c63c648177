import { queryOptions } from '@tanstack/react-query';
import { LINKED_ACCOUNTS_API, type AccountAchievements } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The achievements tab: GET /api/accounts/{id}/achievements (the linked Steam profile's most played games). */
export const profileAchievementsQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.users.achievements(id),
    queryFn: () => api.get<AccountAchievements>(LINKED_ACCOUNTS_API.achievements(id), { auth: 'optional' }),
  });
