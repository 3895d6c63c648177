import { queryOptions } from '@tanstack/react-query';
import { API, type PublicUser } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/users/{id}: whom a first message goes to (name and avatar above the composer). */
export const targetQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.conversations.target(id),
    queryFn: () => api.get<PublicUser>(API.user(id), { auth: 'optional' }),
    retry: false,
  });
