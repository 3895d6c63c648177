import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { QueuedReport } from '@lantern/contract';
import { reportResolutionsFor, type ReportResolution } from '@lantern/domain';
import { paths } from '../../../../lib/paths';
import { errorToText } from '../../../../lib/errors';
import { formatDate, useLanguage } from '../../../../lib/localize';
import { useMe } from '../../../../lib/session';
import { useDocumentTitle } from '../../../../lib/useDocumentTitle';
import { Button } from '../../../../ui/Button';
import { EmptyState } from '../../../../ui/EmptyState';
import { LinkTabs } from '../../../../ui/LinkTabs';
import { LoadFailed, LoadingBlock } from '../../../../ui/LoadStates';
import { Modal } from '../../../../ui/Modal';
import { Pagination } from '../../../../ui/Pagination';
import { SelectField } from '../../../../ui/TextField';
import { cn } from '../../../../ui/cn';
import { toast } from '../../../../ui/toastStore';
import { REPORT_STATES, REPORTS_PER_PAGE, useClaimReport, useReportQueue, useResolveReport, type ReportState } from '../api/reports';
import { MUTE_CHOICES } from './ModerationMenu';

/**
 * Where the reported item is read: the place the server recorded when it was reported (a comment: its post's page
 * at the comment), else by its type — posts, talks and articles have pages; an older comment report is shown by its words.
 */
export function reportedItemPath(r: Pick<QueuedReport, 'target_type' | 'target_id'> & { path?: string | null }): string | null {
  if (r.path) return r.path;
  if (r.target_type === 'post') return paths.post(r.target_id);
  if (r.target_type === 'talk') return paths.talk(r.target_id);
  if (r.target_type === 'headline') return paths.headline(r.target_id);
  return null;
}

/**
 * Resolving asks which action, in one dialog that is also the confirmation. The actions offered are the viewer's on
 * this report (domain `reportResolutionsFor`): staff every one; a group's moderator all but the site-wide mute.
 */
function ResolveDialog({ report, resolutions, onClose }: { report: QueuedReport | null; resolutions: readonly ReportResolution[]; onClose: () => void }) {
  const { t } = useTranslation();
  const resolve = useResolveReport();
  const [action, setAction] = useState<ReportResolution>('hide');
  const [days, setDays] = useState(String(MUTE_CHOICES[2]));
  const submit = () =>
    report && resolve.mutate({ id: report.id, action, ...(action === 'mute' && { muteDays: Number(days) }) }, {
      onSuccess: () => {
        toast.success(t(`moderation.resolved_${action}`));
        onClose();
      },
      onError: (e) => toast.fail(errorToText(t, e)),
    });
  return (
    <Modal
      open={report !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('moderation.resolve_title')}
      description={t('moderation.resolve_body')}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>{t('ui.cancel')}</Button>
          <Button variant={action === 'dismiss' ? 'primary' : 'danger'} loading={resolve.isPending} onClick={submit} data-testid="resolve-confirm">{t('moderation.resolve')}</Button>
        </>
      }
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-fg">{t('moderation.resolve_action')}</legend>
        {resolutions.map((r) => (
          <label key={r} className="flex items-center gap-2 text-sm text-fg">
            <input type="radio" name="resolution" value={r} checked={action === r} onChange={() => setAction(r)} data-testid={`resolution-${r}`} />
            {t(`moderation.resolution_${r}`)}
          </label>
        ))}
      </fieldset>
      {action === 'mute' ? (
        <SelectField containerClassName="mt-4" label={t('moderation.mute_days')} value={days} onChange={(e) => setDays(e.target.value)}>
          {MUTE_CHOICES.map((d) => <option key={d} value={d}>{t('moderation.days', { count: d })}</option>)}
        </SelectField>
      ) : null}
    </Modal>
  );
}

function ReportItem({ r, meId, onResolve }: { r: QueuedReport; meId: number; onResolve: (r: QueuedReport) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const claim = useClaimReport();
  const href = reportedItemPath(r);
  const mine = r.claimed_by === meId;
  const toggleClaim = () =>
    claim.mutate({ id: r.id, claim: !mine }, {
      onSuccess: () => toast.success(t(mine ? 'moderation.released' : 'moderation.claimed')),
      onError: (e) => toast.fail(errorToText(t, e)),
    });
  return (
    <li className="flex flex-col gap-3 rounded-xl bg-ink-850/80 p-4 ring-1 ring-ink-700" data-testid="report" data-id={r.id} data-target={`${r.target_type}:${r.target_id}`}>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded bg-ink-700 px-1.5 py-0.5 font-semibold capitalize text-fg">{t(`moderation.kind_${r.target_type}`, { defaultValue: r.target_type })}</span>
        <span className={cn('rounded px-1.5 py-0.5 font-semibold', r.severity >= 4 ? 'bg-danger/15 text-danger' : 'bg-accent/15 text-accent')}>{t(`report.reasons.${r.reason}`)}</span>
        <span className="text-muted">{r.reporter_id === null ? t('moderation.system_report') : t('moderation.accuracy', { percent: Math.round(r.reporter_accuracy * 100) })}</span>
        <span className="text-subtle">{formatDate(r.created_at_timestamp, language)}</span>
        {r.claimed_by !== null && r.status === 'open' ? (
          <span className="rounded bg-info/15 px-1.5 py-0.5 font-semibold text-info" data-testid="report-claimed">{t(mine ? 'moderation.claimed_by_you' : 'moderation.claimed_by_other')}</span>
        ) : null}
      </div>
      <blockquote className="border-l-2 border-ink-600 pl-3 text-sm text-fg" data-testid="report-summary">{r.summary || t('moderation.no_summary')}</blockquote>
      {r.text ? <p className="text-sm text-muted">{t('moderation.reporter_said', { text: r.text })}</p> : null}
      <div className="flex flex-wrap items-center gap-2">
        {href ? <Link to={href} className="text-sm font-semibold text-accent-strong hover:underline" data-testid="report-open-item">{t('moderation.open_item')}</Link> : null}
        {r.status === 'open' ? (
          <span className="ml-auto flex flex-wrap gap-2">
            <Button size="sm" variant="ghost" loading={claim.isPending} onClick={toggleClaim} data-testid="report-claim">{t(mine ? 'moderation.release' : 'moderation.claim')}</Button>
            <Button size="sm" onClick={() => onResolve(r)} data-testid="report-resolve">{t('moderation.resolve')}</Button>
          </span>
        ) : (
          <span className="ml-auto text-xs text-muted" data-testid="report-resolution">
            {t(`moderation.resolution_${r.resolution ?? 'dismiss'}`)}
            {r.resolved_at_timestamp ? ` · ${formatDate(r.resolved_at_timestamp, language)}` : ''}
          </span>
        )}
      </div>
    </li>
  );
}

/**
 * /moderation/reports: the report queue (docs/product/community.md#moderation-on-the-web) for staff, by state,
 * the most serious and most reliable reports first; claim one, resolve it with an action, or dismiss it.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [search] = useSearchParams();
  const status: ReportState = (REPORT_STATES as readonly string[]).includes(search.get('status') ?? '') ? (search.get('status') as ReportState) : 'open';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const staff = me.data?.permissions.includes('api_staff') ?? false;
  const groups = me.data?.moderated_group_ids ?? [];
  // Staff see every report; a group's moderators those about their groups (the server answers each their own).
  const mayWork = staff || groups.length > 0;
  // Asked only for those: anyone else would get a 403 for nothing.
  const queue = useReportQueue(status, page, mayWork);
  const [resolving, setResolving] = useState<QueuedReport | null>(null);
  useDocumentTitle(t('moderation.reports_title'));
  if (me.isPending) return <LoadingBlock />;
  if (!me.data || !mayWork) return <EmptyState className="my-16" title={t('moderation.staff_only_title')} body={t('moderation.staff_only_body')} />;
  const tabs = REPORT_STATES.map((s) => ({ key: s, label: t(`moderation.state_${s}`), to: paths.moderationReportsOf(s) }));
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-10" data-testid="reports-page">
      <h1 className="text-2xl font-black tracking-tight text-fg">{t('moderation.reports_title')}</h1>
      {staff ? null : <p className="mt-1 text-sm text-muted" data-testid="reports-scope">{t('moderation.scope_groups', { count: groups.length })}</p>}
      <LinkTabs className="mt-4" tabs={tabs} active={status} label={t('moderation.states')} testId="report-states" />
      <div className="mt-6">
        {queue.isPending ? <LoadingBlock /> : queue.isError ? <LoadFailed error={queue.error} onRetry={() => queue.refetch()} /> : queue.data.reports.length === 0 ? (
          <EmptyState title={t(`moderation.empty_${status}`)} />
        ) : (
          <>
            <ul className="flex flex-col gap-3">{queue.data.reports.map((r) => <ReportItem key={r.id} r={r} meId={me.data!.id} onResolve={setResolving} />)}</ul>
            <Pagination className="mt-6" page={page} pages={Math.ceil(queue.data.meta.total_count / REPORTS_PER_PAGE)} hrefFor={(p) => paths.moderationReportsOf(status, p)} />
          </>
        )}
      </div>
      <ResolveDialog
        key={resolving?.id ?? 0}
        report={resolving}
        resolutions={resolving ? reportResolutionsFor(me.data.permissions, groups, resolving.group_id) : []}
        onClose={() => setResolving(null)}
      />
    </div>
  );
}
