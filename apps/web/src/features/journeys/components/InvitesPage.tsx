import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { formatDate, useLanguage } from '../../../lib/localize';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { CenterSection } from '../../../ui/CenterSection';
import { ShareCodeCard } from '../../../ui/CopyableValue';
import { LoadFailed, LoadingBlock } from '../../../ui/LoadStates';
import { PagedCard } from '../../../ui/Card';
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
    <PagedCard title={t('invites.invited_title')} none={q.data && rows.length === 0 ? t('invites.none') : null} testId="invited-list" page={page} pages={pages} path={paths.invites}>
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
    </PagedCard>
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
        <ShareCodeCard codeLabel={t('invites.my_code')} code={info.invite_code} linkLabel={t('invites.my_link')} link={info.invite_link} rule={t('invites.rule', { count: info.reward_points })} testId="invite">
          <p className="text-sm text-muted" data-testid="invite-counts">
            {t('invites.counts', { invited: info.invited_count, rewarded: info.rewarded_count })}
          </p>
        </ShareCodeCard>
      ) : null}
      <Invited />
    </CenterSection>
  );
}
