import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { errorToText } from '../../../lib/errors';
import { formatDate, useLanguage } from '../../../lib/localize';
import { useMe } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadFailed, LoadingBlock } from '../../../ui/LoadStates';
import { Modal } from '../../../ui/Modal';
import { TextAreaField } from '../../../ui/TextField';
import { toast } from '../../../ui/toastStore';
import { useDraftPreview, useReviewDraft } from './api/drafts';
import { HeadlineArticle } from './HeadlineArticle';

/**
 * /headlines/drafts/{id}/preview: staff read a submitted draft rendered as the article it will become (the
 * server's preview through the article's own renderer, docs/product/headlines.md#publishing), then publish it
 * or send it back with a reason.
 */
export function HeadlineDraftPreviewPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const me = useMe();
  const staff = me.data?.permissions.includes('api_staff') ?? false;
  const preview = useDraftPreview(id);
  const review = useReviewDraft();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  useDocumentTitle(preview.data ? t('headlines.preview_title', { title: preview.data.preview.title }) : t('headlines.review_queue'));
  if (me.isPending) return <LoadingBlock />;
  if (!staff) return <EmptyState className="my-16" title={t('moderation.staff_only_title')} body={t('moderation.staff_only_body')} />;
  if (preview.isPending) return <LoadingBlock />;
  if (preview.isError) return <LoadFailed error={preview.error} onRetry={() => preview.refetch()} />;
  const { preview: article, headline_draft: draft } = preview.data;
  const decide = (action: 'publish' | 'reject') =>
    review.mutate({ id, action, reason: reason.trim() }, {
      onSuccess: (answer) => {
        toast.success(t(action === 'publish' ? 'headlines.published' : 'headlines.rejected'));
        void navigate(action === 'publish' && answer.headline ? paths.headline(answer.headline.id) : paths.headlineDrafts, { replace: true });
      },
      onError: (e) => toast.fail(errorToText(t, e)),
    });
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10" data-testid="headline-draft-preview" data-id={id}>
      <nav aria-label={t('community.breadcrumb')} className="mb-4 flex flex-wrap gap-1 text-sm text-muted">
        <Link to={paths.headlineDrafts} className="hover:text-accent-strong">{t('headlines.review_queue')}</Link>
      </nav>
      {/* The decision bar stays in view while the article is read; it is not part of what readers will see. */}
      <section aria-labelledby="draft-decision" className="sticky top-16 z-10 mb-6 flex flex-wrap items-center gap-3 rounded-xl bg-ink-800/95 p-3 shadow-lg ring-1 ring-info/40 backdrop-blur">
        <div className="min-w-0 flex-1">
          <h2 id="draft-decision" className="text-sm font-semibold text-info">{t('headlines.preview_label')}</h2>
          <p className="text-xs text-muted">{t('headlines.preview_by', { name: draft.author.nickname, date: formatDate(draft.submitted_at_timestamp ?? draft.updated_at_timestamp, language) })}</p>
        </div>
        <Button size="sm" variant="danger" onClick={() => setRejecting(true)} data-testid="preview-reject">{t('headlines.reject')}</Button>
        <Button size="sm" loading={review.isPending && !rejecting} onClick={() => decide('publish')} data-testid="preview-publish">{t('headlines.publish')}</Button>
      </section>
      <article data-testid="preview-article">
        <HeadlineArticle h={article} />
      </article>
      <Modal
        open={rejecting}
        onOpenChange={setRejecting}
        title={t('headlines.reject_title')}
        description={t('headlines.reject_body')}
        footer={
          <>
            <Button variant="ghost" onClick={() => setRejecting(false)}>{t('ui.cancel')}</Button>
            <Button variant="danger" disabled={reason.trim() === ''} loading={review.isPending} onClick={() => decide('reject')} data-testid="reject-confirm">{t('headlines.reject')}</Button>
          </>
        }
      >
        <TextAreaField label={t('headlines.reject_reason')} value={reason} rows={3} maxLength={500} required onChange={(e) => setReason(e.target.value)} />
      </Modal>
    </div>
  );
}
