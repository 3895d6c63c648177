import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DISCUSSION_API, type DiscussionTargetTypeName, type LikeResponse } from '@lantern/contract';
import type { LikeState } from '@lantern/domain';
import { api } from '../../../../lib/api';
import type { MutationCallbacks } from '../../../../lib/mutationCallbacks';
import { queryKeys } from '../../../../lib/query-keys';
import type { CommentsPage } from './comments';

export interface LikeChange {
  accessible_type: DiscussionTargetTypeName;
  accessible_id: number;
  /** The state wanted: 1 like, 2 dislike, null none (`nextLikeState` of the current one and the button pressed). */
  type: LikeState;
}

/** POST /api/like (/api/likes for Steam reviews, as the original calls them): sets the viewer's state. */
export const setLike = (change: LikeChange) =>
  api.post<LikeResponse>(change.accessible_type === 'SteamReview' ? DISCUSSION_API.likes : DISCUSSION_API.like, { like: change });

/**
 * The optimistic part lives in the button (it shows the change at once and rolls back on a refusal); this
 * hook sends it, writes the counts answered into the target's comment pages (their header, and a host page
 * showing them: a talk's card) and marks those pages and a talk's lists stale.
 */
export function useSetLike(callbacks: MutationCallbacks<LikeResponse, LikeChange> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setLike,
    onSuccess: (answer, change) => {
      const { likes_count, dislikes_count, comments_count, like_type } = answer.like;
      client.setQueriesData<CommentsPage>({ queryKey: queryKeys.discussion.target(change.accessible_type, change.accessible_id) }, (page) =>
        page && 'commentable' in page ? { ...page, commentable: { likes_count, dislikes_count, comments_count, like_type } } : page,
      );
      void client.invalidateQueries({ queryKey: queryKeys.discussion.target(change.accessible_type, change.accessible_id), refetchType: 'none' });
      if (change.accessible_type === 'Talk') void client.invalidateQueries({ queryKey: queryKeys.talks.all, refetchType: 'none' });
      callbacks.onSuccess?.(answer, change);
    },
    onError: callbacks.onError,
    onSettled: callbacks.onSettled,
  });
}
