import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { formatDate, pickText, useLanguage } from '../../../lib/localize';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { CenterSection } from '../../../ui/CenterSection';
import { ShareCodeCard } from '../../../ui/CopyableValue';
import { LoadFailed, LoadingBlock } from '../../../ui/LoadStates';
import { Money } from '../../../ui/Money';
import { PagedCard } from '../../../ui/Card';
import { distributionOrdersQuery, myDistributionQuery } from '../api';
import { pageCount, usePageParam } from '../../../lib/paging';

const STATE_TONE = { pending: 'bg-info/15 text-info', earned: 'bg-accent/15 text-accent', paid: 'bg-success/15 text-success', canceled: 'bg-ink-700 text-muted' } as const;

function AttributedOrders() {
  const { t } = useTranslation();
  const language = useLanguage();
  const page = usePageParam();
  const q = useQuery(distributionOrdersQuery(page));
  const rows = q.data?.distribution_orders ?? [];
  const pages = q.data ? pageCount(q.data.meta) : 1;
  return (
    <PagedCard
      title={t('distribution.orders_title')}
      alert={q.isError ? <LoadFailed error={q.error} onRetry={() => q.refetch()} /> : null}
      none={q.data && rows.length === 0 ? t('distribution.none') : null}
      testId="distribution-orders"
      page={page}
      pages={pages}
      path={paths.distribution}
    >
      {rows.map((r) => (
        <li key={r.order_id} className="space-y-1 px-5 py-3 text-sm" data-testid="distribution-order">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 truncate font-medium text-fg">
              {r.lines.map((l) => pickText(l.sku_name, language)).join(' · ')}
            </span>
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_TONE[r.state]}`} data-testid="distribution-order-state">
              {t(`distribution.state_${r.state}`)}
            </span>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-subtle">
            <span>
              {t('distribution.order_ref', { id: r.order_id, date: formatDate(r.created_at_timestamp, language) })}
              {r.payable_at_timestamp !== null ? <span data-testid="distribution-order-payable"> · {t('distribution.payable_on', { date: formatDate(r.payable_at_timestamp, language) })}</span> : null}
              {r.paid_at_timestamp !== null ? <span data-testid="distribution-order-paid"> · {t('distribution.paid_on', { date: formatDate(r.paid_at_timestamp, language) })}</span> : null}
            </span>
            <span>
              {t('distribution.commission')}{' '}
              <Money amount={r.commission} currency={r.currency} className="font-semibold text-fg" testId="distribution-order-commission" />
            </span>
          </div>
        </li>
      ))}
    </PagedCard>
  );
}

/** One figure of the summary: its label, then its value in the figure's tone. */
function Figure({ label, tone = 'text-fg', children }: { label: string; tone?: 'text-fg' | 'text-accent' | 'text-success'; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-subtle">{label}</dt>
      <dd className={`text-lg font-semibold ${tone}`}>{children}</dd>
    </div>
  );
}

/** /user_center/distribution (docs/product/distribution.md): my code and link, the rule, what I earned and the orders I brought. */
export function DistributionPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('nav.distribution'));
  const q = useQuery(myDistributionQuery);
  const info = q.data?.data;
  const summary = info?.summary;
  return (
    <CenterSection title={t('nav.distribution')} subtitle={t('distribution.subtitle')} testId="distribution-page">
      {q.isPending ? <LoadingBlock /> : q.isError ? <LoadFailed error={q.error} onRetry={() => q.refetch()} /> : null}
      {info ? (
        <ShareCodeCard
          codeLabel={t('distribution.my_code')}
          code={info.inviteCode}
          linkLabel={t('distribution.my_link')}
          link={info.inviteLink}
          rule={t('distribution.rule', { count: info.attributionDays })}
          testId="distribution"
        >
          {summary ? (
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5" data-testid="distribution-summary">
              <Figure label={t('distribution.orders_count')}>{summary.ordersCount}</Figure>
              <Figure label={t('distribution.pending')}><Money amount={summary.pendingCommission} currency={summary.currency} testId="distribution-pending" /></Figure>
              <Figure label={t('distribution.earned')} tone="text-accent"><Money amount={summary.earnedCommission} currency={summary.currency} testId="distribution-earned" /></Figure>
              <Figure label={t('distribution.paid')} tone="text-success"><Money amount={summary.paidCommission} currency={summary.currency} testId="distribution-paid" /></Figure>
              <Figure label={t('distribution.canceled')}>{summary.canceledCount}</Figure>
            </dl>
          ) : null}
        </ShareCodeCard>
      ) : null}
      <AttributedOrders />
    </CenterSection>
  );
}
