import { queryOptions } from '@tanstack/react-query';
import { API, type PublicUser } from '@lantern/contract';
import type { z } from 'zod';
import type { userService } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type UserService = z.infer<typeof userService>;

export const userQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.users.detail(id),
    queryFn: () => api.get<PublicUser>(API.user(id), { auth: 'optional' }),
    retry: false,
  });

export const userServiceQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.users.service(id),
    queryFn: () => api.get<UserService>(API.userService(id), { auth: 'optional' }),
    retry: false,
  });
