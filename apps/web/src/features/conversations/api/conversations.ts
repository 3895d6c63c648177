import { infiniteQueryOptions } from '@tanstack/react-query';
import { CONVERSATIONS_API, type ConversationsResponse } from '@lantern/contract';
import { CONVERSATIONS_PAGE_SIZE, conversationListFinished } from '@lantern/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/conversations, page by page of 10; the list is finished when a page brings fewer (docs/product/messaging.md#conversations). */
export const conversationsQuery = infiniteQueryOptions({
  queryKey: queryKeys.conversations.list,
  initialPageParam: 1,
  queryFn: async ({ pageParam }) => {
    const r = await api.get<ConversationsResponse>(CONVERSATIONS_API.conversations, { query: { page: pageParam, per: CONVERSATIONS_PAGE_SIZE } });
    return { conversations: r.conversations, next: conversationListFinished(r.conversations.length, r.meta.per) ? null : pageParam + 1 };
  },
  getNextPageParam: (last) => last.next ?? undefined,
});
