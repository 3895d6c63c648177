import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_API, type MarkReadRequest } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** PATCH /api/messages/service: marks notifications (ids, kinds, all) or broadcasts read; the centre and the header's badge read again. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: MarkReadRequest) => api.patch<unknown>(NOTIFICATIONS_API.service, request),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: queryKeys.me.notificationsAll });
      void client.invalidateQueries({ queryKey: queryKeys.me.all, exact: true });
    },
  });
}
