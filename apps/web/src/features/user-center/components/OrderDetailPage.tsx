import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { useNowSeconds } from '../../../lib/countdown';
import { useLanguage } from '../../../lib/localize';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { CenterSection } from '../../../ui/CenterSection';
import { Countdown } from '../../../ui/Countdown';
import { Money } from '../../../ui/Money';
import { orderQuery } from '../../../lib/order';
import { orderEnds, orderView } from '../../../lib/orderView';
import { DeliveredLine, ShipmentInfo } from '../../../ui/OrderDelivery';
import { OrderAddressCard, OrderLines, OrderMeta, OrderStateBadge, OrderTotals } from '../../../ui/OrderParts';
import { OrderEndDialog } from './OrdersPage';
import { LoadingBlock } from '../../../ui/LoadStates';
import { formatDateTime } from '../../../lib/dates';
import { useErrorPage } from '../../../lib/useErrorPage';

function when(ts: number | null, language: string) {
  return ts ? formatDateTime(ts, language) : null;
}

/** /orders/{id}: one order in full — lines, money, times, payments, keys or shipment, and its actions. */
export function OrderDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const valid = /^\d{1,15}$/.test(id);
  const q = useQuery({ ...orderQuery(valid ? id : '0'), enabled: valid });
  const order = q.data;
  const now = useNowSeconds(!!order && (order.state === 'pending' || order.state === 'in_checkout'));
  const [ending, setEnding] = useState<'cancel' | 'delete' | null>(null);
  useDocumentTitle(order ? t('orders.number', { id: order.id }) : t('nav.orders'));

  useErrorPage(q, { missing: !valid });

  if (!order)
    return (
      <LoadingBlock />
    );
  const view = orderView(order, now);
  const ends = orderEnds(order, view);
  const times = [
    ['orders.created_at', order.created_at_timestamp],
    ['orders.completed_at', order.completed_at_timestamp],
    ['orders.canceled_at', order.canceled_at_timestamp],
  ] as const;
  return (
    <CenterSection
      title={t('orders.number', { id: order.id })}
      subtitle={<OrderMeta order={order} withNumber={false} />}
      aside={<OrderStateBadge order={order} view={view} className="text-sm" />}
      testId="order-detail"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <Link to={paths.orders} className="text-sm text-muted hover:text-fg">
          ← {t('orders.my_orders')}
        </Link>
        {ends.delete && !view.payable ? (
          <Button size="sm" variant="ghost" onClick={() => setEnding('delete')} data-testid="order-delete">
            {t('orders.delete')}
          </Button>
        ) : null}
        {view.refundable ? (
          <Button size="sm" variant="secondary" onClick={() => setEnding('cancel')} data-testid="order-cancel">
            {t('orders.cancel_and_refund')}
          </Button>
        ) : null}
      </div>
      {view.payable ? (
        <Card className="mb-5 flex flex-wrap items-center justify-between gap-3 p-4">
          <p className="text-sm text-accent-strong">
            {t('orders.pay_within')} <Countdown deadlineSec={view.deadline} className="font-semibold" />
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="ghost" onClick={() => setEnding('delete')} data-testid="order-delete">
              {t('orders.delete')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setEnding('cancel')} data-testid="order-cancel">
              {t('orders.cancel')}
            </Button>
            <Link to={paths.checkout(order.id)} className={buttonClass('primary', 'sm')} data-testid="order-pay">
              {t('orders.pay')}
            </Link>
          </div>
        </Card>
      ) : null}
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_300px]">
        <div className="min-w-0 space-y-5">
          <Card className="px-5 py-2">
            {order.state === 'completed' ? (
              <ul className="divide-y divide-ink-700/70">
                {order.order_games.map((g) => (
                  <DeliveredLine key={g.id} order={order} line={g} />
                ))}
              </ul>
            ) : (
              <OrderLines order={order} />
            )}
          </Card>
          {order.cate === 'physical' && order.shipment ? (
            <Card className="p-5">
              <ShipmentInfo order={order} />
            </Card>
          ) : null}
          <OrderAddressCard order={order} />
        </div>
        <div className="space-y-5">
          <Card className="p-5">
            <OrderTotals order={order} />
          </Card>
          <Card className="p-5">
            <dl className="space-y-1.5 text-sm">
              {times.map(([key, ts]) =>
                ts ? (
                  <div key={key} className="flex justify-between gap-3">
                    <dt className="text-muted">{t(key)}</dt>
                    <dd className="text-right text-fg">{when(ts, language)}</dd>
                  </div>
                ) : null,
              )}
            </dl>
            {order.payments.length > 0 ? (
              <>
                <h2 className="mb-2 mt-4 text-sm font-semibold text-fg">{t('orders.payments')}</h2>
                <ul className="space-y-1.5 text-sm" data-testid="order-payments">
                  {order.payments.map((p) => (
                    <li key={p.id} className="flex justify-between gap-3">
                      <span className="text-muted">
                        {t(`pay.method_name_${p.method}`)} · {t(`pay.state_${p.state}`)}
                      </span>
                      <span className="text-fg">{p.currency === 'POINTS' ? t('pay.points_amount', { points: p.amount }) : <Money amount={p.amount} currency={p.currency} />}</span>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </Card>
        </div>
      </div>
      <OrderEndDialog
        order={ending ? order : null}
        action={ending ?? 'cancel'}
        onClose={() => setEnding(null)}
        // A deleted order has left the list: go back to it.
        onDone={ending === 'delete' ? () => navigate(paths.orders, { replace: true }) : undefined}
      />
    </CenterSection>
  );
}
