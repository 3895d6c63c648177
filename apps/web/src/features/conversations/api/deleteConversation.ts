import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONVERSATIONS_API } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/conversations/{id}: the history goes for this reader only; the badge drops with its unread. */
export function useDeleteConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(CONVERSATIONS_API.conversation(id)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.conversations.list });
      void client.invalidateQueries({ queryKey: queryKeys.me.all, exact: true });
    },
  });
}
