import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROFILES_API, type BackgroundResponse, type PublicUser } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/backgrounds: the owner's own uploaded image, or null for the default; the page shows it at once. */
export function useSetBackground(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (url: string | null) => api.post<BackgroundResponse>(PROFILES_API.backgrounds, { background: { url } }),
    onSuccess: (result) => {
      client.setQueryData<PublicUser>(queryKeys.users.detail(String(accountId)), (u) => (u ? { ...u, background_url: result.background_url } : u));
    },
  });
}
