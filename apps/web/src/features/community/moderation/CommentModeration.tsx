import { useTranslation } from 'react-i18next';
import type { Comment } from '@lantern/contract';
import { ModerationSlot } from './ModerationSlot';

/** The moderation menu on a comment or reply (one target, `comment`); lists show only published ones. */
export function CommentModeration({ comment }: { comment: Comment }) {
  const { t } = useTranslation();
  return (
    <ModerationSlot
      item={{ kind: 'comment', state: 'published' }}
      target={{ type: 'comment', id: comment.id, authorId: comment.account.id }}
      subject={t('moderation.subject', { kind: t(comment.reply ? 'moderation.kind_reply' : 'moderation.kind_comment'), author: comment.account.nickname || t('discussion.someone') })}
      className="hover:text-fg"
    />
  );
}

export const commentModerationTools = (comment: Comment) => <CommentModeration comment={comment} />;
