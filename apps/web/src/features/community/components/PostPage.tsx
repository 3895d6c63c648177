import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { errorToText } from '../../../lib/errors';
import { formatDate, pickText, useLanguage } from '../../../lib/localize';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import { DetailLoadFailed } from '../../../ui/ErrorViews';
import { LoadingBlock } from '../../../ui/LoadStates';
import { ReportAction } from '../../../ui/ReportAction';
import { WarningDialog } from '../../../ui/WarningDialog';
import { toast } from '../../../ui/toastStore';
import { useDeletePost, usePost } from '../api/post';
import { communityPaths } from '../paths';
import { Avatar } from '../../../ui/Avatar';
import { PostBadges, Verdict } from '../../../ui/PostCard';
import { RichText } from './RichText';
import { ShareActions } from './ShareActions';
import { TargetDiscussion } from '../discussion/components/TargetDiscussion';
import { BlockedAuthorNotice, useShowAnyway } from './BlockedAuthorNotice';
import { ModerationSlot } from '../moderation/ModerationSlot';
import { groupCommentModerationTools } from '../moderation/CommentModeration';

/**
 * /posts/{id}: a post or review (reached after publishing), its author, content and counts; edit and delete for its
 * author, report for everyone else. One whose author the viewer blocked opens with a notice instead, until "show
 * anyway" (docs/product/people.md#direct-links).
 */
export function PostPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const post = usePost(id);
  const remove = useDeletePost();
  const [confirming, setConfirming] = useState(false);
  const reveal = useShowAnyway<HTMLElement>(post.data?.author_blocked ?? false, id);
  // Behind the notice the tab's title does not quote the post either.
  useDocumentTitle((!reveal.hidden && (post.data?.post.title || post.data?.post.excerpt.slice(0, 40))) || t('community.post'));
  if (post.isPending) return <LoadingBlock />;
  if (post.isError) return <DetailLoadFailed error={post.error} onRetry={() => post.refetch()} />;
  const p = post.data.post;
  const name = p.author?.nickname ?? t('community.gone_author');
  const breadcrumb = (
    <nav aria-label={t('community.breadcrumb')} className="mb-4 flex flex-wrap gap-1 text-sm text-muted">
      <Link to={communityPaths.home} className="hover:text-accent-strong">{t('community.title')}</Link>
      <span aria-hidden="true">/</span>
      <Link to={communityPaths.group(p.group_id)} className="hover:text-accent-strong" data-testid="post-group-link">{pickText(p.group.name, language)}</Link>
    </nav>
  );
  if (reveal.hidden) {
    return (
      <article className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10" data-testid="post-page" data-id={p.id}>
        {breadcrumb}
        <BlockedAuthorNotice name={name} kind={p.type === 'Review' ? 'review' : 'post'} onShow={reveal.show} />
      </article>
    );
  }
  const onDelete = () =>
    remove.mutate({ id: p.id, type: p.type }, {
      onSuccess: () => {
        toast.success(t('community.delete_success'));
        void navigate(communityPaths.group(p.group_id), { replace: true });
      },
      onError: (e) => toast.fail(errorToText(t, e)),
    });
  return (
    // Focusable by script only: "show anyway" moves focus here once the notice (and its button) is gone.
    <article ref={reveal.contentRef} tabIndex={-1} className="mx-auto max-w-3xl px-4 py-6 outline-none sm:px-6 sm:py-10" data-testid="post-page" data-id={p.id}>
      {breadcrumb}
      <div className="flex flex-wrap items-center gap-2">
        <PostBadges post={p} />
        {p.type === 'Review' ? <span className="rounded bg-ink-700 px-1.5 py-0.5 text-[11px] font-semibold text-muted">{t('community.review')}</span> : null}
        <Verdict post={p} />
      </div>
      {p.title ? <h1 className="mt-3 text-2xl font-black tracking-tight text-fg sm:text-3xl">{p.title}</h1> : null}
      <div className="mt-4 flex items-center gap-3">
        <Avatar name={name} url={p.author?.avatar_url ?? null} size={40} />
        <div className="min-w-0">
          {p.author ? <Link to={paths.user(p.author.id)} className="font-semibold text-fg hover:text-accent-strong">{name}</Link> : <span className="font-semibold text-fg">{name}</span>}
          <p className="text-xs text-subtle">
            {/* A post held for review is not published yet: its date is when it was sent. */}
            {p.moderation_state === 'pending' ? t('community.submitted_on', { date: formatDate(p.published_at_timestamp, language) }) : formatDate(p.published_at_timestamp, language)}
            {p.playtime_hours !== null ? ` · ${t('community.playtime', { hours: p.playtime_hours })}` : ''}
            {p.bought_here ? ` · ${t('community.bought_here')}` : ''}
          </p>
        </div>
      </div>
      {p.moderation_state !== 'published' ? (
        // Waiting is news (info); hidden is a moderator's decision about it (danger), told apart at a glance.
        <p
          role="status"
          className={cn(
            'mt-4 rounded-[var(--radius-card)] p-3 text-sm ring-1',
            p.moderation_state === 'hidden' ? 'bg-danger/10 text-danger ring-danger/30' : 'bg-info/10 text-info ring-info/30',
          )}
          data-testid="post-moderation-state"
        >
          {t(`community.moderation_${p.moderation_state}`)}
        </p>
      ) : null}
      <RichText html={p.content} className="mt-6" />
      {p.official_comment ? (
        <aside className="mt-8 rounded-[var(--radius-card)] bg-accent/10 p-4 ring-1 ring-accent/30" data-testid="official-comment">
          <p className="text-sm font-semibold text-accent">
            {t('community.official_reply')}
            {p.official_comment.author ? ` · ${p.official_comment.author.nickname}` : ''}
            {p.official_comment.author?.title ? ` · ${t(`community.title_${p.official_comment.author.title}`)}` : ''}
          </p>
          <RichText html={p.official_comment.content} className="mt-2 text-sm" />
        </aside>
      ) : null}
      <footer className="mt-8 flex flex-wrap items-center gap-4 border-t border-ink-700 pt-4 text-sm text-muted">
        {p.moderation_state === 'published' ? <ShareActions type="Post" id={p.id} /> : null}
        {/* Staff and group admins: the actions their permissions give (a chunk of its own, fetched only for them). */}
        <ModerationSlot
          item={{ kind: p.type === 'Review' ? 'review' : 'post', state: p.moderation_state, pinned: p.sticky_sequence > 0, locked: p.locked, groupId: p.group_id }}
          target={{ type: 'post', id: p.id, groupId: p.group_id, authorId: p.account_id }}
          subject={t('moderation.subject', { kind: t(p.type === 'Review' ? 'moderation.kind_review' : 'moderation.kind_post'), author: name })}
          onDeleted={() => void navigate(communityPaths.group(p.group_id), { replace: true })}
        />
        {p.own ? (
          <span className="ml-auto flex gap-2">
            {!p.locked && p.moderation_state !== 'hidden' ? <Link to={communityPaths.edit(p.id)} className={buttonClass('ghost', 'sm')}>{t('community.edit')}</Link> : null}
            <Button variant="danger" size="sm" onClick={() => setConfirming(true)} data-testid="post-delete">{t('community.delete')}</Button>
          </span>
        ) : (
          // Posts and reviews are one report target, `post` (the community module's).
          <ReportAction
            targetType="post"
            targetId={p.id}
            subject={{ kind: p.type === 'Review' ? 'review' : 'post', author: name, excerpt: p.title || p.excerpt }}
            className={`ml-auto ${buttonClass('ghost', 'sm')}`}
          />
        )}
      </footer>
      {/* Comments and likes open once it is published: a pending or hidden post takes none. */}
      {p.moderation_state === 'published' ? <TargetDiscussion type="Post" id={p.id} likesCount={p.likes_count} commentTools={groupCommentModerationTools(p.group_id)} /> : null}
      <WarningDialog open={confirming} onOpenChange={setConfirming} title={t('community.delete_confirm_title')} body={t('community.delete_confirm_body')} confirmText={t('community.delete')} danger busy={remove.isPending} onConfirm={onDelete} />
    </article>
  );
}
