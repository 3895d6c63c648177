import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DISCUSSION_API, type deleteCommentResponse, type DiscussionTargetTypeName } from '@lantern/contract';
import type { z } from 'zod';
import { api } from '../../../../lib/api';
import type { MutationCallbacks } from '../../../../lib/mutationCallbacks';
import { queryKeys } from '../../../../lib/query-keys';

export type DeletedComment = z.infer<typeof deleteCommentResponse>;
export interface DeleteTarget {
  id: number;
  commentable_type: DiscussionTargetTypeName;
  commentable_id: number;
}

/** DELETE /api/comments/{id}: one's own comment (with its replies) or reply. */
export const deleteComment = (id: number) => api.delete<DeletedComment>(DISCUSSION_API.comment(id));

/** Refreshes the target's pages; the answer's counts are shown at once by the caller. */
export function useDeleteComment(callbacks: MutationCallbacks<DeletedComment, DeleteTarget> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (target: DeleteTarget) => deleteComment(target.id),
    onSuccess: (deleted, target) => {
      void client.invalidateQueries({ queryKey: queryKeys.discussion.target(target.commentable_type, target.commentable_id) });
      if (target.commentable_type === 'Talk') void client.invalidateQueries({ queryKey: queryKeys.talks.all, refetchType: 'none' });
      callbacks.onSuccess?.(deleted, target);
    },
    onError: callbacks.onError,
    onSettled: callbacks.onSettled,
  });
}
