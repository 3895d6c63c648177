import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useMe } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { buttonClass } from '../../../ui/Button';
import { PagerButtons } from '../../../ui/Pagination';
import { Card, ReadCard } from '../../../ui/Card';
import { MyOrdersLink } from '../../../ui/MyOrdersLink';
import { CenterSection } from '../../../ui/CenterSection';
import { cn } from '../../../ui/cn';
import { WalletIcon } from '../../../ui/icons';
import { Money } from '../../../ui/Money';
import { userCenterInfoQuery } from '../api/info';
import { LoadingBlock } from '../../../ui/LoadStates';
import { formatDate, useLanguage } from '../../../lib/localize';
import { EmptyState } from '../../../ui/EmptyState';
import { walletEntriesQuery, WALLET_ENTRIES_PER } from '../api/wallet';

/** The ledger under the balance: every top-up, payment and refund, newest first, each with the balance after it. */
function Ledger() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const q = useQuery(walletEntriesQuery(page));
  const pages = Math.max(1, Math.ceil((q.data?.meta.total_count ?? 0) / WALLET_ENTRIES_PER));
  return (
    <ReadCard
      title={t('wallet.history')}
      testId="wallet-ledger"
      read={q}
      errorPadding="py-8"
      isEmpty={(data) => data.wallet_entries.length === 0 && data.meta.balance === data.meta.recorded_balance}
      empty={
        <div className="p-5">
          <EmptyState icon={<WalletIcon className="size-6" />} title={t('wallet.no_history')} body={t('wallet.no_history_body')} />
        </div>
      }
      footer={<PagerButtons page={page} pages={pages} onPage={setPage} className="border-t border-ink-700 px-5 py-3" />}
    >
      {(data) => (
        <ul className="divide-y divide-ink-700">
          {data.wallet_entries.map((e) => (
            <li key={e.id} className="flex items-center justify-between gap-3 px-5 py-3" data-testid="wallet-entry" data-reason={e.reason}>
              <div className="min-w-0">
                <p className="text-sm font-medium text-fg">
                  {t(`wallet.reason_${e.reason}`)}
                  {e.order_id ? (
                    <>
                      {' · '}
                      <Link to={paths.order(e.order_id)} className="text-muted underline-offset-4 hover:text-accent-strong hover:underline">
                        {t('orders.number', { id: e.order_id })}
                      </Link>
                    </>
                  ) : null}
                </p>
                <p className="text-xs text-subtle">{formatDate(e.created_at_timestamp, language)}</p>
              </div>
              <div className="text-right">
                <span className={cn('font-semibold', e.delta < 0 ? 'text-danger' : 'text-success')}>
                  {e.delta > 0 ? '+' : ''}
                  <Money amount={Math.abs(e.delta)} negative={e.delta < 0} currency={data.meta.currency} />
                </span>
                <p className="text-xs text-subtle">
                  {t('wallet.balance_after')} <Money amount={e.balance_after} currency={data.meta.currency} />
                </p>
              </div>
            </li>
          ))}
          {page === pages && data.meta.balance !== data.meta.recorded_balance ? (
            // What the ledger does not explain came before it was kept: its own line, so the history adds up to the balance.
            <li className="flex items-center justify-between gap-3 px-5 py-3" data-testid="wallet-opening">
              <p className="text-sm font-medium text-fg">{t('wallet.opening_balance')}</p>
              <Money amount={data.meta.balance - data.meta.recorded_balance} currency={data.meta.currency} className="font-semibold text-muted" />
            </li>
          ) : null}
        </ul>
      )}
    </ReadCard>
  );
}

/** /user_center/wallet: the store wallet's balance and status (GET /api/user_center/info, else /api/me), and its ledger. */
export function WalletPage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const info = useQuery(userCenterInfoQuery);
  useDocumentTitle(t('nav.wallet'));
  const wallet = info.data?.wallet ?? me?.wallet;
  if (!wallet)
    return (
      <LoadingBlock />
    );
  const frozen = wallet.status === 'frozen';
  return (
    <CenterSection title={t('nav.wallet')} subtitle={t('wallet.subtitle')} testId="wallet-page">
      <Card className="relative overflow-hidden p-6 sm:p-8">
        <div aria-hidden="true" className="pointer-events-none absolute -right-20 -top-20 size-64 rounded-full bg-accent/15 blur-3xl" />
        <div className="relative flex flex-wrap items-center justify-between gap-6">
          <div className="flex items-center gap-4">
            <span className="grid size-14 place-items-center rounded-2xl bg-accent/15 text-accent" aria-hidden="true">
              <WalletIcon className="size-7" />
            </span>
            <div>
              <p className="text-sm text-muted">{t('wallet.balance')}</p>
              <Money amount={wallet.balance} currency={wallet.currency} className="text-4xl font-black text-fg" testId="wallet-balance" />
            </div>
          </div>
          <span
            className={cn('rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset', frozen ? 'bg-danger/15 text-danger ring-danger/30' : 'bg-success/15 text-success ring-success/30')}
            data-testid="wallet-status"
            data-status={wallet.status}
          >
            {frozen ? t('wallet.frozen') : t('wallet.active')}
          </span>
        </div>
        <p className="relative mt-6 max-w-2xl text-sm text-muted">{frozen ? t('wallet.frozen_body') : t('wallet.body')}</p>
        <div className="relative mt-5 flex flex-wrap gap-2">
          <Link to={paths.cart} className={buttonClass('primary')}>
            {t('nav.cart')}
          </Link>
          <MyOrdersLink />
        </div>
      </Card>
      <Ledger />
    </CenterSection>
  );
}
