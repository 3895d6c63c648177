import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONVERSATIONS_API, type SendPrivateMessageRequest, type SendPrivateMessageResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/private_messages: words or a shared game; the list and the conversation refetch. */
export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SendPrivateMessageRequest) => api.post<SendPrivateMessageResponse>(CONVERSATIONS_API.privateMessages, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.conversations.all }),
  });
}
