import { infiniteQueryOptions } from '@tanstack/react-query';
import { CONVERSATIONS_API, type ConversationResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/conversations/{id}: the newest page first (reading it marks the conversation read), older pages by
 * `before_id` as the reader asks for them.
 */
export const conversationQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.conversations.detail(id),
    initialPageParam: 0,
    queryFn: ({ pageParam }) => api.get<ConversationResponse>(CONVERSATIONS_API.conversation(id), { query: pageParam ? { before_id: pageParam } : {} }),
    getNextPageParam: (last) => last.meta.next_before_id ?? undefined,
    retry: false,
  });
