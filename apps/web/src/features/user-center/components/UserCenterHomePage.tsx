import { useQuery } from '@tanstack/react-query';
import type { UserCenterInfo } from '@lantern/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../ui/Avatar';
import { paths } from '../../../lib/paths';
import { formatDate, useLanguage, useLocalize } from '../../../lib/localize';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { buttonClass } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { CenterSection } from '../../../ui/CenterSection';
import { cn } from '../../../ui/cn';
import { Money } from '../../../ui/Money';
import { userCenterInfoQuery } from '../api/info';
import { ReadStatus } from '../../../ui/LoadStates';

function Stat({ to, label, value, accent, testId }: { to: string; label: string; value: ReactNode; accent?: boolean; testId?: string }) {
  return (
    <Link to={to} className="group rounded-xl bg-ink-900/70 px-4 py-3 ring-1 ring-ink-700 transition-colors hover:ring-accent/50" data-testid={testId}>
      <p className="text-xs text-muted group-hover:text-fg">{label}</p>
      <p className={cn('mt-1 text-2xl font-bold tabular-nums', accent ? 'text-accent' : 'text-fg')}>{value}</p>
    </Link>
  );
}

function LatestOrders({ orders }: { orders: UserCenterInfo['latest_orders'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const localize = useLocalize();
  if (orders.length === 0) return <p className="px-5 py-6 text-sm text-muted">{t('orders.empty_title')}</p>;
  return (
    <ul className="divide-y divide-ink-700/70">
      {orders.map((o) => {
        // An expired unpaid order is shown as canceled (the server's display_state says so; docs/product/buying.md#order-display).
        const state = o.display_state;
        const payable = state === 'pending' || state === 'in_checkout';
        return (
          <li key={o.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3" data-testid="uc-order" data-state={state}>
            <div className="min-w-0 flex-1">
              <Link to={paths.order(o.id)} className="line-clamp-1 font-medium text-fg hover:text-accent-strong">
                {o.sku_names.map(localize).join(' · ')}
                {o.games_count > o.sku_names.length ? ` +${o.games_count - o.sku_names.length}` : ''}
              </Link>
              <p className="text-xs text-muted">
                {t('orders.number', { id: o.id })} · {formatDate(o.created_at_timestamp, language)} · {t(`orders.state_${state}`)}
              </p>
            </div>
            <Money amount={o.total_amount} currency={o.currency} className="font-semibold text-fg" />
            {payable ? (
              <Link to={paths.checkout(o.id)} className={buttonClass('primary', 'sm')}>
                {t('orders.pay')}
              </Link>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** /user_center: the user-centre home (GET /api/user_center/info) — who, counts, wallet, points, latest orders. */
export function UserCenterHomePage() {
  const { t } = useTranslation();
  const q = useQuery(userCenterInfoQuery);
  useDocumentTitle(t('nav.user_center'));
  if (q.isPending || q.isError) return <ReadStatus read={q} />;
  const info = q.data;
  const c = info.counts;
  return (
    <CenterSection title={t('nav.user_center')} testId="user-center-home">
      <Card className="relative overflow-hidden p-5 sm:p-6">
        <div aria-hidden="true" className="pointer-events-none absolute -right-16 -top-16 size-56 rounded-full bg-accent/15 blur-3xl" />
        <div className="relative flex flex-wrap items-center gap-4">
          <Avatar name={info.account.nickname} url={info.account.avatar_url} size={56} />
          <div className="min-w-0 flex-1 basis-40">
            <p className="truncate text-xl font-bold text-fg" data-testid="uc-nickname">
              {info.account.nickname}
            </p>
            <p className="text-sm text-muted">{t(info.account.area === 'native' ? 'footer.site_native' : 'footer.site_abroad')}</p>
          </div>
          <div className="grid w-full grid-cols-2 gap-3 sm:flex sm:w-auto">
            <Link to={paths.wallet} className="rounded-xl bg-ink-900/80 px-4 py-2.5 text-right ring-1 ring-ink-700 hover:ring-accent/50" data-testid="uc-wallet">
              <p className="text-xs text-muted">{t('wallet.balance')}</p>
              <Money amount={info.wallet.balance} currency={info.wallet.currency} className="text-lg font-bold text-fg" />
              {info.wallet.status === 'frozen' ? <p className="text-xs font-semibold text-danger">{t('wallet.frozen')}</p> : null}
            </Link>
            <Link to={paths.points} className="rounded-xl bg-ink-900/80 px-4 py-2.5 text-right ring-1 ring-ink-700 hover:ring-accent/50">
              <p className="text-xs text-muted">{t('points.total_score')}</p>
              <p className="text-lg font-bold tabular-nums text-accent">{info.points.total_score.toLocaleString()}</p>
            </Link>
          </div>
        </div>
      </Card>
      <div className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        <Stat to={`${paths.orders}?state=pending`} label={t('uc.orders_pending')} value={c.orders_pending} accent={c.orders_pending > 0} testId="uc-orders-pending" />
        <Stat to={`${paths.orders}?state=completed`} label={t('uc.orders_completed')} value={c.orders_completed} />
        <Stat to={paths.library} label={t('uc.games_owned')} value={c.games_owned} />
        <Stat to={paths.gameKeys} label={t('uc.keys_not_activated')} value={c.keys_not_activated} accent={c.keys_not_activated > 0} />
        <Stat to={`${paths.gameKeys}?delivery=ordering`} label={t('uc.keys_waiting')} value={c.keys_waiting} />
        <Stat to={paths.coupons} label={t('uc.coupons_usable')} value={c.coupons_usable} />
        <Stat to={paths.wishes} label={t('uc.wishes')} value={c.wishes} />
        <Stat to={paths.redeem} label={t('nav.redeem')} value="→" />
      </div>
      <Card className="mt-6">
        <div className="flex items-center justify-between border-b border-ink-700 px-5 py-4">
          <h2 className="font-semibold text-fg">{t('uc.latest_orders')}</h2>
          <Link to={paths.orders} className="text-sm text-accent hover:underline">
            {t('uc.all_orders')}
          </Link>
        </div>
        <LatestOrders orders={info.latest_orders} />
      </Card>
    </CenterSection>
  );
}
