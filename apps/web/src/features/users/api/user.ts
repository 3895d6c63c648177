import { queryOptions } from '@tanstack/react-query';
import { API, type PublicUser } from '@lantern/contract';
import type { z } from 'zod';
import type { userService } from '@lantern/contract';
import { api } from '../../../lib/api';

export type UserService = z.infer<typeof userService>;

export const userQuery = (id: string) =>
  queryOptions({
    queryKey: ['users', id] as const,
    queryFn: () => api.get<PublicUser>(API.user(id), { auth: 'optional' }),
    retry: false,
  });

export const userServiceQuery = (id: string) =>
  queryOptions({
    queryKey: ['users', id, 'service'] as const,
    queryFn: () => api.get<UserService>(API.userService(id), { auth: 'optional' }),
    retry: false,
  });
