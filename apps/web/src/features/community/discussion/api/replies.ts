import { useInfiniteQuery } from '@tanstack/react-query';
import { DISCUSSION_API, type repliesResponse, type DiscussionTargetTypeName } from '@lantern/contract';
import { isListFinished, REPLIES_PAGE_SIZE } from '@lantern/domain';
import type { z } from 'zod';
import { api } from '../../../../lib/api';
import { queryKeys } from '../../../../lib/query-keys';

export type RepliesPage = z.infer<typeof repliesResponse>;

/** GET /api/comments/{id}/replies (per 5). */
export const fetchReplies = (commentId: number, page: number) =>
  api.get<RepliesPage>(DISCUSSION_API.replies(commentId), { query: { page, per: REPLIES_PAGE_SIZE }, auth: 'optional' });

/**
 * A comment's replies, loaded when asked for (`enabled`): page 1 replaces what is shown (a refetch starts over),
 * each later page is appended (docs/product/community.md#comments).
 */
export function useReplies(type: DiscussionTargetTypeName, targetId: number, commentId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.discussion.replies(type, targetId, commentId),
    queryFn: ({ pageParam }) => fetchReplies(commentId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (isListFinished(last.replies.length, last.meta.per) || last.meta.page * last.meta.per >= last.meta.total_count ? undefined : last.meta.page + 1),
    enabled,
  });
}
