import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { formatDate, useLanguage } from '../../../lib/localize';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Card } from '../../../ui/Card';
import { CenterSection } from '../../../ui/CenterSection';
import { CopyableValue } from '../../../ui/CopyableValue';
import { LoadFailed, LoadingBlock } from '../../../ui/LoadStates';
import { Pagination } from '../../../ui/Pagination';
import { invitedQuery, inviteInfoQuery } from '../api';
import { pageCount, usePageParam } from '../../../lib/paging';

const STATE_TONE = { registered: 'bg-info/15 text-info', rewarded: 'bg-success/15 text-success', duplicate: 'bg-ink-700 text-muted' } as const;

function Invited() {
  const { t } = useTranslation();
  const language = useLanguage();
  const page = usePageParam();
  const q = useQuery(invitedQuery(page));
  const rows = q.data?.accounts_invite_registers ?? [];
  const pages = q.data ? pageCount(q.data.meta) : 1;
  return (
    <Card className="mt-6">
      <h2 className="border-b border-ink-700 px-5 py-4 font-semibold text-fg">{t('invites.invited_title')}</h2>
      {q.data && rows.length === 0 ? <p className="px-5 py-4 text-sm text-muted">{t('invites.none')}</p> : null}
      <ul className="divide-y divide-ink-700/70" data-testid="invited-list">
        {rows.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3 text-sm">
            <span className="min-w-0 truncate font-medium text-fg">{r.nickname}</span>
            <span className="flex items-center gap-2 text-xs text-subtle">
              {formatDate(r.created_at_timestamp, language)}
              <span className={`rounded-full px-2 py-0.5 font-semibold ${STATE_TONE[r.state]}`} data-testid="invited-state">
                {t(`invites.state_${r.state}`, { count: r.reward_points })}
              </span>
            </span>
          </li>
        ))}
      </ul>
      {pages > 1 ? <Pagination className="py-3" page={page} pages={pages} hrefFor={(p) => (p > 1 ? `${paths.invites}?page=${p}` : paths.invites)} /> : null}
    </Card>
  );
}

/** /user_center/invites (docs/product/engagement.md#invitations): my invite link and code, the reward rule, and whom I invited. */
export function InvitesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('nav.invites'));
  const q = useQuery(inviteInfoQuery);
  const info = q.data?.invite_info;
  return (
    <CenterSection title={t('nav.invites')} subtitle={t('invites.subtitle')} testId="invites-page">
      {q.isPending ? <LoadingBlock /> : q.isError ? <LoadFailed error={q.error} onRetry={() => q.refetch()} /> : null}
      {info ? (
        <Card className="space-y-4 p-5 sm:p-6">
          <CopyableValue label={t('invites.my_code')} value={info.invite_code} kind="code" testId="invite-code" />
          <CopyableValue label={t('invites.my_link')} value={info.invite_link} kind="link" testId="invite-link" />
          <p className="rounded-lg bg-accent/10 px-3 py-2 text-sm text-fg ring-1 ring-inset ring-accent/30" data-testid="invite-rule">
            {t('invites.rule', { count: info.reward_points })}
          </p>
          <p className="text-sm text-muted" data-testid="invite-counts">
            {t('invites.counts', { invited: info.invited_count, rewarded: info.rewarded_count })}
          </p>
        </Card>
      ) : null}
      <Invited />
    </CenterSection>
  );
}
