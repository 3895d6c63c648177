import { useQuery } from '@tanstack/react-query';
import type { Order } from '@lantern/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { isApiError } from '../../../lib/api';
import { useNowSeconds } from '../../../lib/countdown';
import { errorToText } from '../../../lib/errors';
import { formatDate, useLanguage, useLocalize } from '../../../lib/localize';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { CenterSection } from '../../../ui/CenterSection';
import { Countdown } from '../../../ui/Countdown';
import { ReceiptIcon } from '../../../ui/icons';
import { LinkTabs } from '../../../ui/LinkTabs';
import { Money } from '../../../ui/Money';
import { Pagination } from '../../../ui/Pagination';
import { toast } from '../../../ui/toastStore';
import { WarningDialog } from '../../../ui/WarningDialog';
import { useCancelOrder } from '../api/cancelOrder';
import { useDeleteOrder } from '../api/deleteOrder';
import { ordersQuery, type OrderStateFilter } from '../api/orders';
import { orderEnds, orderView } from '../../../lib/orderView';
import { LineCovers, OrderStateBadge } from '../../../ui/OrderParts';
import { listHref, pageCount, pageFromParam, useBackToLastPage } from '../../../lib/paging';
import { ListStates } from '../../../ui/ListStates';

const FILTERS: OrderStateFilter[] = ['all', 'pending', 'completed', 'canceled'];
const isFilter = (v: string | null): v is OrderStateFilter => FILTERS.includes(v as OrderStateFilter);

export const ordersHref = (state: OrderStateFilter, page = 1) => listHref(paths.orders, { state: state !== 'all' && state, page: page > 1 && page });

/**
 * Cancel (an unpaid order) and delete (an unpaid or canceled one: deleting sets the state to canceled, and a
 * deleted order leaves the list), with what the buyer is told.
 */
export function useOrderActions() {
  const { t } = useTranslation();
  const onError = (e: unknown) =>
    toast.fail(isApiError(e) && e.has('shipment', 'shipped') ? t('orders.cancel_too_late') : isApiError(e) && e.has('state', 'completed') ? t('orders.already_paid') : errorToText(t, e));
  const cancel = useCancelOrder({ onSuccess: () => toast.success(t('orders.canceled_toast')), onError });
  const remove = useDeleteOrder({ onSuccess: () => toast.success(t('orders.deleted_toast')), onError });
  return { cancel, remove };
}

/** Asks before ending an order; `onDone` runs once it is ended. */
export function OrderEndDialog({ order, action, onClose, onDone }: { order: Order | null; action: 'cancel' | 'delete'; onClose: () => void; onDone?: () => void }) {
  const { t } = useTranslation();
  const { cancel, remove } = useOrderActions();
  const m = action === 'cancel' ? cancel : remove;
  // Deleting a canceled order only takes it off the list; deleting an unpaid one also cancels it.
  const unpaid = !!order && (order.state === 'pending' || order.state === 'in_checkout') && order.display_state !== 'canceled';
  // A paid order (goods not yet shipped) is canceled with its money given back to how it was paid.
  const paid = !!order && order.state === 'completed';
  return (
    <WarningDialog
      open={!!order}
      onOpenChange={(o) => (!o ? onClose() : undefined)}
      title={action === 'cancel' ? t('orders.cancel_title') : t('orders.delete_title')}
      body={action === 'cancel' ? (paid ? t('orders.cancel_paid_body') : t('orders.cancel_body')) : unpaid ? t('orders.delete_body') : t('orders.delete_body_canceled')}
      confirmText={action === 'cancel' ? (paid ? t('orders.cancel_and_refund') : t('orders.cancel')) : t('orders.delete')}
      cancelText={t('orders.keep')}
      danger
      busy={m.isPending}
      onConfirm={() => {
        if (!order) return;
        m.mutate(order.id, { onSettled: onClose, onSuccess: onDone });
      }}
    />
  );
}

function OrderCard({ order, now, onEnd }: { order: Order; now: number; onEnd: (o: Order, a: 'cancel' | 'delete') => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const localize = useLocalize();
  const view = orderView(order, now);
  const ends = orderEnds(order, view);
  const names = order.order_games.map((g) => localize(g.sku_names));
  return (
    <Card className="p-4 sm:p-5" data-testid="order-card" data-order-id={order.id} data-state={view.state}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted">
          <span className="font-semibold text-fg">{t('orders.number', { id: order.id })}</span> · {formatDate(order.created_at_timestamp, language)} · {t(`orders.type_${order.type}`)}
        </p>
        <div className="flex items-center gap-2">
          {view.payable ? (
            <span className="text-sm text-accent-strong">
              {t('orders.pay_within')} <Countdown deadlineSec={view.deadline} className="font-semibold" />
            </span>
          ) : null}
          <OrderStateBadge order={order} view={view} />
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
        <div className="flex min-w-0 flex-1 basis-full items-start gap-3 sm:basis-0">
          <LineCovers order={order} />
          <div className="min-w-0 flex-1">
            <p className="line-clamp-2 font-medium text-fg">{names.slice(0, 3).join(' · ')}</p>
            {names.length > 3 ? <p className="text-xs text-muted">{t('orders.more_items', { count: names.length - 3 })}</p> : null}
            <p className="mt-1 text-sm text-muted">
              {t('orders.total')} <Money amount={order.total_amount} currency={order.currency} className="font-semibold text-fg" />
              {order.coupon_amount > 0 ? (
                <span className="ml-2 whitespace-nowrap text-success">
                  ({t('cart.coupon')} <Money amount={order.coupon_amount} currency={order.currency} negative />)
                </span>
              ) : null}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={paths.order(order.id)} className={buttonClass('ghost', 'sm')} data-testid="order-detail-link">
            {t('orders.view_detail')}
          </Link>
          {order.state === 'completed' ? (
            <Link to={paths.orderComplete(order.id)} className={buttonClass('secondary', 'sm')}>
              {order.cate === 'physical' ? t('orders.view_shipment') : t('orders.view_keys')}
            </Link>
          ) : null}
          {ends.delete ? (
            <Button size="sm" variant="ghost" onClick={() => onEnd(order, 'delete')} data-testid="order-delete">
              {t('orders.delete')}
            </Button>
          ) : null}
          {ends.cancel ? (
            <Button size="sm" variant="secondary" onClick={() => onEnd(order, 'cancel')} data-testid="order-cancel">
              {t('orders.cancel')}
            </Button>
          ) : null}
          {view.payable ? (
            <Link to={paths.checkout(order.id)} className={buttonClass('primary', 'sm')} data-testid="order-pay">
              {t('orders.pay')}
            </Link>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

/** /orders: my orders on this site by state, paged, each with its shown state and live countdown (docs/product/buying.md#order-display). */
export function OrdersPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const stateParam = params.get('state');
  const state: OrderStateFilter = isFilter(stateParam) ? stateParam : 'all';
  const page = pageFromParam(params.get('page'));
  const q = useQuery(ordersQuery(page, state));
  const [ending, setEnding] = useState<{ order: Order; action: 'cancel' | 'delete' } | null>(null);
  const anyUnpaid = q.data?.orders.some((o) => o.state === 'pending' || o.state === 'in_checkout') ?? false;
  const now = useNowSeconds(anyUnpaid);
  useDocumentTitle(t('orders.title'));
  const meta = q.data?.meta;
  const pages = pageCount(meta);
  useBackToLastPage(!!meta, page, pages, (last) => ordersHref(state, last));

  return (
    <CenterSection title={t('orders.title')} subtitle={meta ? t('orders.count', { count: meta.total_count }) : undefined} testId="orders-page">
      <LinkTabs tabs={FILTERS.map((f) => ({ key: f, label: t(`orders.filter_${f}`), to: ordersHref(f) }))} active={state} label={t('orders.filter_label')} className="mb-5" testId="order-filters" />
      <ListStates
        read={q}
        isEmpty={(data) => data.orders.length === 0}
        empty={{ icon: <ReceiptIcon className="size-6" />, texts: 'orders', browse: 'cart.browse' }}
      >
        {(data) => (
          <>
            <ul className="space-y-3" data-testid="orders-list">
              {data.orders.map((o) => (
                <li key={o.id}>
                  <OrderCard order={o} now={now} onEnd={(order, action) => setEnding({ order, action })} />
                </li>
              ))}
            </ul>
            <Pagination className="mt-6" page={page} pages={pages} hrefFor={(p) => ordersHref(state, p)} />
          </>
        )}
      </ListStates>
      <OrderEndDialog order={ending?.order ?? null} action={ending?.action ?? 'cancel'} onClose={() => setEnding(null)} />
    </CenterSection>
  );
}
