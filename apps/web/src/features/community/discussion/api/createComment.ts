import { DISCUSSION_API, type createCommentResponse, type DiscussionTargetTypeName } from '@lantern/contract';
import type { z } from 'zod';
import { api } from '../../../../lib/api';
import { useWrite, type MutationCallbacks } from '../../../../lib/mutationCallbacks';
import { afterDiscussionChanged } from './discussionChanged';

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
  return useWrite(createComment, callbacks, { succeeded: (client, _created, input) => afterDiscussionChanged(client, input) });
}
