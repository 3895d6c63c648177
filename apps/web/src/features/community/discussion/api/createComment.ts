import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DISCUSSION_API, type createCommentResponse, type DiscussionTargetTypeName } from '@lantern/contract';
import type { z } from 'zod';
import { api } from '../../../../lib/api';
import type { MutationCallbacks } from '../../../../lib/mutationCallbacks';
import { queryKeys } from '../../../../lib/query-keys';

export type CreatedComment = z.infer<typeof createCommentResponse>;
export interface NewComment {
  commentable_type: DiscussionTargetType;
  commentable_id: number;
  commentary_id?: number;
  target_reply_id?: number;
  content: string;
}
type DiscussionTargetType = DiscussionTargetTypeName;

/** POST /api/comments: a comment, or a reply with `commentary_id`. The server sanitises and links @mentions. */
export const createComment = (comment: NewComment) => api.post<CreatedComment>(DISCUSSION_API.comments, { comment });

/** Refreshes the target's comment pages and counts (and the replies of the comment replied to). */
export function useCreateComment(callbacks: MutationCallbacks<CreatedComment, NewComment> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createComment,
    onSuccess: (created, input) => {
      void client.invalidateQueries({ queryKey: queryKeys.discussion.target(input.commentable_type, input.commentable_id) });
      // A talk's lists show its comment count: refetched when next shown.
      if (input.commentable_type === 'Talk') void client.invalidateQueries({ queryKey: queryKeys.talks.all, refetchType: 'none' });
      callbacks.onSuccess?.(created, input);
    },
    onError: callbacks.onError,
    onSettled: callbacks.onSettled,
  });
}
