import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DISCUSSION_API, type commentsResponse, type DiscussionTargetTypeName } from '@lantern/contract';
import type { z } from 'zod';
import { api } from '../../../../lib/api';
import { queryKeys } from '../../../../lib/query-keys';

export type CommentsPage = z.infer<typeof commentsResponse>;

/** GET /api/comments: one page of a target's comments, with the target's counts and the viewer's like state. */
export const fetchComments = (type: DiscussionTargetTypeName, id: number, page: number) =>
  api.get<CommentsPage>(DISCUSSION_API.comments, { query: { commentable_type: type, commentable_id: id, page }, auth: 'optional' });

export const commentsQuery = (type: DiscussionTargetTypeName, id: number, page: number) =>
  queryOptions({
    queryKey: queryKeys.discussion.comments(type, id, page),
    queryFn: () => fetchComments(type, id, page),
    placeholderData: keepPreviousData,
  });

export function useComments(type: DiscussionTargetTypeName, id: number, page: number) {
  return useQuery(commentsQuery(type, id, page));
}

/**
 * The target's counts as the discussion last answered them (its first page of comments, which a like updates
 * and a comment refetches), for a host page showing them beside its own copy: reads what the thread loaded and
 * never asks by itself. Undefined until the thread has loaded.
 */
export function useDiscussionCounts(type: DiscussionTargetTypeName, id: number) {
  return useQuery({ ...commentsQuery(type, id, 1), enabled: false }).data?.commentable;
}
