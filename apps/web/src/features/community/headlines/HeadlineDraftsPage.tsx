import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isDraftDeletable, isDraftEditable, roleCan } from '@lantern/domain';
import type { HeadlineDraft } from '@lantern/contract';
import { paths } from '../../../lib/paths';
import { errorToText } from '../../../lib/errors';
import { formatDate, useLanguage } from '../../../lib/localize';
import { useMe } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadFailed, LoadingBlock } from '../../../ui/LoadStates';
import { cn } from '../../../ui/cn';
import { toast } from '../../../ui/toastStore';
import { useDeleteHeadlineDraft, useHeadlineDrafts, useReviewDraft, useReviewQueue } from './api/drafts';

const STATUS_TONE: Record<HeadlineDraft['status'], string> = {
  draft: 'bg-ink-700 text-muted', submitted: 'bg-info/15 text-info', published: 'bg-success/15 text-success', rejected: 'bg-danger/15 text-danger',
};

function StatusBadge({ status }: { status: HeadlineDraft['status'] }) {
  const { t } = useTranslation();
  return <span className={cn('rounded px-1.5 py-0.5 text-[11px] font-semibold', STATUS_TONE[status])} data-testid="draft-status">{t(`headlines.status_${status}`)}</span>;
}

/** One of the editor's drafts: open it, delete it, or read the published article. */
function OwnDraft({ d }: { d: HeadlineDraft }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const remove = useDeleteHeadlineDraft();
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-xl bg-ink-850/80 p-3 ring-1 ring-ink-700" data-testid="own-draft" data-id={d.id}>
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2"><StatusBadge status={d.status} /><span className="truncate font-semibold text-fg">{d.title || t('headlines.untitled')}</span></p>
        <p className="mt-1 text-xs text-subtle">{t('headlines.edited_at', { date: formatDate(d.updated_at_timestamp, language) })}</p>
        {d.status === 'rejected' && d.reject_reason ? <p className="mt-1 text-xs text-danger">{t('headlines.editor.rejected_because', { reason: d.reject_reason })}</p> : null}
      </div>
      <div className="flex gap-2">
        {d.headline_id ? <Link to={paths.headline(d.headline_id)} className={buttonClass('secondary', 'sm')}>{t('headlines.read')}</Link> : null}
        {!d.headline_id ? <Link to={paths.headlineDraftEdit(d.id)} className={buttonClass('secondary', 'sm')} data-testid="draft-open">{isDraftEditable(d.status) ? t('headlines.edit') : t('headlines.view')}</Link> : null}
        {isDraftDeletable(d.status) ? (
          <Button size="sm" variant="ghost" loading={remove.isPending} onClick={() => remove.mutate(d.id, { onSuccess: () => toast.success(t('community.delete_success')), onError: (e) => toast.fail(errorToText(t, e)) })}>
            {t('community.delete')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** A submitted draft in staff's queue: publish it, or reject it with a reason. */
function QueuedDraft({ d }: { d: HeadlineDraft }) {
  const { t } = useTranslation();
  const review = useReviewDraft();
  const [reason, setReason] = useState('');
  const act = (action: 'publish' | 'reject') => review.mutate({ id: d.id, action, reason }, {
    onSuccess: () => toast.success(t(action === 'publish' ? 'headlines.published' : 'headlines.rejected')),
    onError: (e) => toast.fail(errorToText(t, e)),
  });
  return (
    <li className="flex flex-col gap-2 rounded-xl bg-ink-850/80 p-3 ring-1 ring-ink-700" data-testid="queued-draft" data-id={d.id}>
      <p className="font-semibold text-fg">{d.title}</p>
      <p className="text-xs text-subtle">{d.author.nickname}</p>
      {/* Read it as it will be published before deciding. */}
      <Link to={paths.headlineDraftPreview(d.id)} className="text-sm font-semibold text-accent-strong hover:underline" data-testid="draft-preview">{t('headlines.read_preview')}</Link>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" loading={review.isPending} onClick={() => act('publish')} data-testid="draft-publish">{t('headlines.publish')}</Button>
        <input value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('headlines.reject_reason')} aria-label={t('headlines.reject_reason')} className="min-w-0 flex-1 rounded-lg bg-ink-900 px-3 py-1.5 text-sm text-fg ring-1 ring-ink-700" />
        <Button size="sm" variant="danger" disabled={reason.trim() === ''} loading={review.isPending} onClick={() => act('reject')}>{t('headlines.reject')}</Button>
      </div>
    </li>
  );
}

/** /headlines/drafts: an editor's drafts, and for staff the queue of submitted ones to publish (docs/product/headlines.md#publishing). */
export function HeadlineDraftsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const editor = me.data ? roleCan(me.data.role, 'api_all_headline') : false;
  const staff = me.data ? roleCan(me.data.role, 'api_staff') : false;
  const drafts = useHeadlineDrafts('all');
  const queue = useReviewQueue(staff);
  useDocumentTitle(t('headlines.my_drafts'));
  if (me.isPending) return <LoadingBlock />;
  if (!editor) return <EmptyState className="my-16" title={t('headlines.editors_only_title')} body={t('headlines.editors_only_body')} />;
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-10" data-testid="headline-drafts-page">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-black tracking-tight text-fg">{t('headlines.my_drafts')}</h1>
        <Link to={paths.headlineDraftNew} className={buttonClass('primary')} data-testid="headline-new-draft">{t('headlines.new_draft')}</Link>
      </div>
      {staff ? (
        <section aria-labelledby="review-queue" className="mt-6">
          <h2 id="review-queue" className="mb-3 text-lg font-bold text-fg">{t('headlines.review_queue')}</h2>
          {queue.isPending ? <LoadingBlock /> : queue.isError ? <LoadFailed error={queue.error} onRetry={() => queue.refetch()} /> : queue.data.headline_drafts.length === 0 ? (
            <p className="text-sm text-muted">{t('headlines.queue_empty')}</p>
          ) : <ul className="flex flex-col gap-2">{queue.data.headline_drafts.map((d) => <QueuedDraft key={d.id} d={d} />)}</ul>}
        </section>
      ) : null}
      <section aria-labelledby="own-drafts" className="mt-8">
        <h2 id="own-drafts" className="mb-3 text-lg font-bold text-fg">{t('headlines.own_drafts')}</h2>
        {drafts.isPending ? <LoadingBlock /> : drafts.isError ? <LoadFailed error={drafts.error} onRetry={() => drafts.refetch()} /> : drafts.data.headline_drafts.length === 0 ? (
          <EmptyState title={t('headlines.no_drafts_title')} body={t('headlines.no_drafts_body')} />
        ) : <ul className="flex flex-col gap-2">{drafts.data.headline_drafts.map((d) => <OwnDraft key={d.id} d={d} />)}</ul>}
      </section>
    </div>
  );
}
