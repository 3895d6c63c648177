import type { QueryClient } from '@tanstack/react-query';
import type { DiscussionTargetTypeName } from '@lantern/contract';
import { queryKeys } from '../../../../lib/query-keys';

/** After a comment came or went: the target's comment pages refetch, and a talk's lists (they show its count) when next shown. */
export function afterDiscussionChanged(client: QueryClient, target: { commentable_type: DiscussionTargetTypeName; commentable_id: number }) {
  void client.invalidateQueries({ queryKey: queryKeys.discussion.target(target.commentable_type, target.commentable_id) });
  if (target.commentable_type === 'Talk') void client.invalidateQueries({ queryKey: queryKeys.talks.all, refetchType: 'none' });
}
