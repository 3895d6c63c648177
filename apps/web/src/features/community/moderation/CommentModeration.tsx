import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Comment } from '@lantern/contract';
import { ModerationSlot } from './ModerationSlot';

/**
 * The moderation menu on a comment or reply (one target, `comment`); lists show only published ones. A comment is
 * in its post's group (`groupId`): that group's moderators act on it too; elsewhere (talks, articles) staff only.
 */
export function CommentModeration({ comment, groupId }: { comment: Comment; groupId?: number }) {
  const { t } = useTranslation();
  return (
    <ModerationSlot
      item={{ kind: 'comment', state: 'published', groupId: groupId ?? null }}
      target={{ type: 'comment', id: comment.id, authorId: comment.account.id }}
      subject={t('moderation.subject', { kind: t(comment.reply ? 'moderation.kind_reply' : 'moderation.kind_comment'), author: comment.account.nickname || t('discussion.someone') })}
      className="hover:text-fg"
    />
  );
}

export const commentModerationTools = (comment: Comment) => <CommentModeration comment={comment} />;

const toolsByGroup = new Map<number, (comment: Comment) => ReactNode>();

/** The tools of the comments under a post of a group: one function per group, so the thread's context stays the same between renders. */
export function groupCommentModerationTools(groupId: number): (comment: Comment) => ReactNode {
  let tools = toolsByGroup.get(groupId);
  if (!tools) toolsByGroup.set(groupId, (tools = (comment: Comment) => <CommentModeration comment={comment} groupId={groupId} />));
  return tools;
}
