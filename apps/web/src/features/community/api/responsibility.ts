import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type Me } from '@lantern/contract';
import { api } from '../../../lib/api';
import { storeMe } from '../../../lib/session';

/**
 * PATCH /api/me `responsibility_acknowledged: true`: "I have got it" on the responsibility declaration,
 * kept on the account (a config) so it is asked once (docs/product/screens.md#responsibility-dialog).
 */
export function useAcknowledgeResponsibility() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.patch<Me>(API.me, { account: { responsibility_acknowledged: true } }),
    onSuccess: (me) => storeMe(client, me),
  });
}
