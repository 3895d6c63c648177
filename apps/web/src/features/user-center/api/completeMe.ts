import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type CompleteMeRequest, type Me } from '@lantern/contract';
import { api } from '../../../lib/api';
import { storeMe } from '../../../lib/session';

/** PUT /api/me: the identification popup completes the account (phone + code, password, nickname, gender). */
export const completeMe = (account: CompleteMeRequest['account']) => api.put<Me>(API.me, { account });

/** Completes the account; the answer becomes the signed-in account at once, then the account is refetched. */
export function useCompleteMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: completeMe,
    onSuccess: (me) => void storeMe(client, me),
  });
}
