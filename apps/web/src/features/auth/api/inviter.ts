import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { INVITES_API, type inviteRegisterNewResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** Who invites through a code (the sign-up page, docs/product/engagement.md#invitations); unknown is 404 `invite: not_found`. */
export const inviterQuery = (code: string) =>
  queryOptions({
    queryKey: queryKeys.invites.inviter(code),
    queryFn: () => api.get<z.infer<typeof inviteRegisterNewResponse>>(INVITES_API.inviteRegisterNew, { query: { invite_code: code }, auth: 'optional' }),
    retry: false,
  });
