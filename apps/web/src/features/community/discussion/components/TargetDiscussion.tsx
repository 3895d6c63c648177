import type { DiscussionTargetTypeName } from '@lantern/contract';
import { useComments } from '../api/comments';
import { CommentThread } from './CommentThread';
import { CommentToolsProvider, type CommentTools } from './CommentTools';
import { LikeButtons, type LikeCountsView } from './LikeButtons';

interface Props {
  type: DiscussionTargetTypeName;
  id: number;
  /** The counts the host page already has, shown until the first page of comments brings the viewer's state. */
  likesCount: number;
  /** Added to each comment's head by the page (the moderation menu). */
  commentTools?: CommentTools;
}

/**
 * A target's likes and comments together, for the page of the thing itself (a post). The first page of
 * comments answers the target's counts and the viewer's like state, so the buttons start from it; the thread
 * reads the same query and nothing is asked twice.
 */
export function TargetDiscussion({ type, id, likesCount, commentTools }: Props) {
  const first = useComments(type, id, 1);
  const initial: LikeCountsView = first.data?.commentable ?? { likes_count: likesCount, dislikes_count: 0, like_type: null };
  return (
    <div className="flex flex-col gap-6" data-testid="post-discussion">
      <LikeButtons type={type} id={id} initial={initial} />
      <CommentToolsProvider value={commentTools ?? null}>
        <CommentThread type={type} id={id} />
      </CommentToolsProvider>
    </div>
  );
}
