import { DISCUSSION_API, type deleteCommentResponse, type DiscussionTargetTypeName } from '@lantern/contract';
import type { z } from 'zod';
import { api } from '../../../../lib/api';
import { useWrite, type MutationCallbacks } from '../../../../lib/mutationCallbacks';
import { afterDiscussionChanged } from './discussionChanged';

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
  return useWrite((target: DeleteTarget) => deleteComment(target.id), callbacks, { succeeded: (client, _deleted, target) => afterDiscussionChanged(client, target) });
}
