import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { useMe } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { buttonClass } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { CenterSection } from '../../../ui/CenterSection';
import { cn } from '../../../ui/cn';
import { WalletIcon } from '../../../ui/icons';
import { Money } from '../../../ui/Money';
import { userCenterInfoQuery } from '../api/info';
import { LoadingBlock } from '../../../ui/LoadStates';

/** /user_center/wallet: the store wallet's balance and status (GET /api/user_center/info, else /api/me). */
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
          <Link to={paths.orders} className={buttonClass('secondary')}>
            {t('orders.my_orders')}
          </Link>
        </div>
      </Card>
    </CenterSection>
  );
}
