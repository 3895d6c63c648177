import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type Me } from '@lantern/contract';
import { api } from '../../../lib/api';
import { storeMe } from '../../../lib/session';

/** PATCH /api/me/unbind/phone with the code sent to the bound phone (purpose unbind). */
export const unbindPhone = (code: string) => api.patch<Me>(API.unbindPhone, { account: { code } });

/** Unbinds the phone; the answer becomes the signed-in account at once, then it is refetched. */
export function useUnbindPhone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unbindPhone,
    onSuccess: (me) => void storeMe(client, me),
  });
}
