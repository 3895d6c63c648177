import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { LoadingBlock } from '../../../ui/LoadStates';
import { useDiscussionCounts } from '../discussion/api/comments';
import { TargetDiscussion } from '../discussion/components/TargetDiscussion';
import { talkQuery } from '../api/talks';
import { TalkCard } from './TalkCard';
import { BlockedAuthorNotice, useShowAnyway } from './BlockedAuthorNotice';
import { ModerationSlot } from '../moderation/ModerationSlot';
import { commentModerationTools } from '../moderation/CommentModeration';
import { useErrorPage } from '../../../lib/useErrorPage';

/**
 * /talks/{id}: one talk with its likes and comments (10 a page, the discussion module's). A talk that is gone goes to
 * /404. One whose author the viewer blocked opens with a notice instead, until "show anyway"
 * (docs/product/people.md#direct-links).
 */
export function TalkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useParams().id ?? '';
  const valid = /^\d{1,15}$/.test(id);
  const talk = useQuery({ ...talkQuery(id), enabled: valid });
  const reveal = useShowAnyway<HTMLDivElement>(talk.data?.author_blocked ?? false, id);
  // The card's likes and comments follow the discussion below it (a like or a comment moves them at once).
  const counts = useDiscussionCounts('Talk', Number(id));
  useDocumentTitle(talk.data?.talk.account ? `@${talk.data.talk.account.nickname}` : t('people.talks'));
  useErrorPage(talk, { missing: !valid, otherwise: paths.notFound });
  if (!talk.data) return <LoadingBlock />;
  const breadcrumb = (
    <nav aria-label={t('community.breadcrumb')} className="flex gap-1 text-sm text-muted">
      <Link to={paths.community} className="hover:text-accent-strong">{t('community.title')}</Link>
      <span aria-hidden="true">/</span>
      <Link to={paths.talks} className="hover:text-accent-strong">{t('people.talks')}</Link>
    </nav>
  );
  if (reveal.hidden) {
    return (
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:px-6 sm:py-10" data-testid="talk-page">
        {breadcrumb}
        <BlockedAuthorNotice name={talk.data.talk.account?.nickname ?? t('community.gone_author')} kind="talk" onShow={reveal.show} />
      </div>
    );
  }
  return (
    // Focusable by script only: "show anyway" moves focus here once the notice (and its button) is gone.
    <div ref={reveal.contentRef} tabIndex={-1} className="mx-auto max-w-3xl space-y-6 px-4 py-6 outline-none sm:px-6 sm:py-10" data-testid="talk-page">
      {breadcrumb}
      <TalkCard talk={counts ? { ...talk.data.talk, like_count: counts.likes_count, comment_count: counts.comments_count } : talk.data.talk} linked={false} />
      {/* A hidden talk is gone for everyone here (404), so the menu only meets published ones. */}
      <div className="flex justify-end empty:hidden">
        <ModerationSlot
          item={{ kind: 'talk', state: 'published' }}
          target={{ type: 'talk', id: talk.data.talk.id, authorId: talk.data.talk.account?.id ?? null }}
          subject={t('moderation.subject', { kind: t('moderation.kind_talk'), author: talk.data.talk.account?.nickname ?? t('community.gone_author') })}
          onDeleted={() => void navigate(paths.talks, { replace: true })}
        />
      </div>
      <TargetDiscussion type="Talk" id={talk.data.talk.id} likesCount={talk.data.talk.like_count} commentTools={commentModerationTools} />
    </div>
  );
}
