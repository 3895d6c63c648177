import { useQuery } from '@tanstack/react-query';
import type { Order } from '@lantern/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../app/paths';
import { errorPageFor } from '../../../lib/api';
import { deliveryText } from '../../../lib/keys';
import { formatDate, useLanguage, useLocalize } from '../../../lib/localize';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { buttonClass } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { cn } from '../../../ui/cn';
import { SkuLineHead } from '../../../ui/SkuLineHead';
import { KeyReveal } from '../../../ui/GameKey';
import { BoxIcon, KeyIcon } from '../../../ui/icons';
import { Money } from '../../../ui/Money';
import { PageSpinner } from '../../../ui/Spinner';
import { orderQuery } from '../api/order';
import { LineCover, OrderAddress, OrderMeta } from './OrderParts';

/** A physical order's shipment: preparing → shipped (carrier, tracking number) → delivered. */
export function ShipmentInfo({ order }: { order: Order }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const s = order.shipment;
  const steps = ['preparing', 'shipped', 'delivered'] as const;
  if (s?.state === 'canceled')
    return (
      <div data-testid="shipment" data-state="canceled">
        <p className="mb-1 font-semibold text-fg">{t('orders.shipment')}</p>
        <p className="text-sm text-muted">{t('orders.shipment_canceled')}</p>
      </div>
    );
  const at = s ? steps.indexOf(s.state) : 0;
  return (
    <div data-testid="shipment" data-state={s?.state ?? 'preparing'}>
      <p className="mb-3 font-semibold text-fg">{t('orders.shipment')}</p>
      <ol className="flex items-center gap-2 text-xs">
        {steps.map((step, i) => (
          <li key={step} className="flex flex-1 items-center gap-2">
            <span className={cn('grid size-6 shrink-0 place-items-center rounded-full font-bold', i <= at ? 'bg-accent text-accent-ink' : 'bg-ink-800 text-muted')} aria-hidden="true">
              {i + 1}
            </span>
            <span className={i <= at ? 'font-semibold text-fg' : 'text-muted'} aria-current={i === at ? 'step' : undefined}>
              {t(`orders.shipment_${step}`)}
            </span>
            {i < steps.length - 1 ? <span className="h-px flex-1 bg-ink-700" aria-hidden="true" /> : null}
          </li>
        ))}
      </ol>
      {s?.tracking_number ? (
        <p className="mt-3 text-sm text-muted">
          {t('orders.tracking', { carrier: s.carrier ?? '', number: s.tracking_number })}
          {s.shipped_at_timestamp ? ` · ${formatDate(s.shipped_at_timestamp, language)}` : ''}
        </p>
      ) : null}
    </div>
  );
}

/** One paid line with what it delivers: its key(s) to reveal and copy, or the pre-ordered / ordering state. */
export function DeliveredLine({ order, line }: { order: Order; line: Order['order_games'][number] }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const name = localize(line.sku_names);
  const physical = order.cate === 'physical';
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between" data-testid="complete-line" data-sku-id={line.sku_id} data-delivery={line.delivery?.state ?? 'none'}>
      <SkuLineHead
        skuId={line.sku_id}
        name={name}
        icon={
          <div className="relative shrink-0">
            <LineCover line={line} className="w-20 sm:w-28" />
            <span className="absolute -bottom-1.5 -right-1.5 grid size-6 place-items-center rounded-full bg-ink-850 text-accent ring-1 ring-ink-700" aria-hidden="true">
              {physical ? <BoxIcon className="size-3.5" /> : <KeyIcon className="size-3.5" />}
            </span>
          </div>
        }
      >
        <p className="text-xs text-muted">
          {line.game_keys[0] ? localize(line.game_keys[0].type_desc) : physical ? t('orders.quantity', { count: line.quantity }) : null}
          {line.delivery && line.delivery.state !== 'delivered' ? (
            <span className={cn('block font-medium', line.delivery.state === 'pre_ordered' ? 'text-info' : 'text-accent-strong')} data-testid="delivery-state">
              {deliveryText(t, line.delivery)}
            </span>
          ) : null}
        </p>
      </SkuLineHead>
      {line.game_keys.length > 0 ? (
        <div className="flex flex-col gap-2 sm:items-end">
          {line.game_keys.map((k) => (
            <KeyReveal key={k.id} keyId={k.id} label={name} />
          ))}
        </div>
      ) : null}
    </li>
  );
}

/** /orders/{id}/complete (docs/product/screens.md#routes): the paid order with its keys, or shipment for physical goods. */
export function CompletePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const valid = /^\d{1,15}$/.test(id);
  const q = useQuery({
    ...orderQuery(valid ? id : '0'),
    enabled: valid,
    // Keys still being ordered arrive by themselves: look again now and then.
    refetchInterval: (query) => (query.state.data?.order_games.some((g) => g.delivery?.state === 'ordering') ? 10_000 : false),
  });
  const order = q.data;
  const free = order?.total_amount === 0;
  useDocumentTitle(free ? t('complete.title_free') : t('complete.title'));

  useEffect(() => {
    if (!valid) navigate(paths.notFound, { replace: true });
    else if (q.isError) navigate(errorPageFor(q.error) ?? paths.serverError, { replace: true });
    else if (order && order.state !== 'completed') navigate(paths.checkout(order.id), { replace: true });
  }, [valid, q.isError, q.error, order, navigate]);

  if (!order || order.state !== 'completed') return <PageSpinner label={t('ui.loading')} />;
  const physical = order.cate === 'physical';
  const hasKeys = order.order_games.some((g) => g.game_keys.length > 0 || g.delivery);
  // Never "your keys are ready" while one is on its way: the line says when it comes, and the buyer is told.
  const waiting = order.order_games.some((g) => g.delivery && g.delivery.state !== 'delivered');
  const body = physical ? t('complete.body_physical') : waiting ? t('complete.body_waiting') : t('complete.body_keys');

  return (
    <div className="mx-auto max-w-4xl px-3 py-8 sm:px-6 sm:py-12" data-testid="complete-page" data-order-id={order.id}>
      <div className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-success/15 via-ink-850 to-ink-900 p-6 ring-1 ring-success/30 sm:p-8">
        <div aria-hidden="true" className="pointer-events-none absolute -right-10 -top-10 size-48 rounded-full bg-success/20 blur-3xl" />
        <div className="relative flex items-start gap-4">
          <span className="grid size-12 shrink-0 place-items-center rounded-full bg-success text-2xl font-black text-ink-950" aria-hidden="true">
            ✓
          </span>
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{free ? t('complete.title_free') : t('complete.title')}</h1>
            <p className="mt-1 text-muted" data-testid="complete-body" data-waiting={waiting}>{body}</p>
            <div className="mt-2 flex flex-wrap items-center gap-x-3 text-sm">
              <OrderMeta order={order} />
              <span className="text-muted">
                {free ? <span className="font-semibold text-fg">{t('complete.free')}</span> : <>{t('complete.paid')} <Money amount={order.total_amount} currency={order.currency} className="font-semibold text-fg" /></>}
              </span>
            </div>
          </div>
        </div>
      </div>

      <Card className="mt-6 px-5">
        <h2 className="pt-5 text-lg font-semibold text-fg">{hasKeys ? t('complete.your_keys') : t('complete.your_items')}</h2>
        <ul className="divide-y divide-ink-700/70">
          {order.order_games.map((g) => (
            <DeliveredLine key={g.id} order={order} line={g} />
          ))}
        </ul>
      </Card>

      {physical ? (
        <Card className="mt-6 grid gap-6 p-5 sm:grid-cols-2">
          <ShipmentInfo order={order} />
          <OrderAddress order={order} />
        </Card>
      ) : null}

      {/* On a phone: the main way on across the width, the others two to a row, so none is cut or left alone
          on a ragged line; from sm up, one row. */}
      <div className="mt-8 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap" data-testid="complete-actions">
        {!physical ? (
          <Link to={paths.library} className={`${buttonClass('primary')} col-span-2`} data-testid="to-library">
            {t('complete.to_library')}
          </Link>
        ) : null}
        {!physical ? (
          <Link to={paths.gameKeys} className={buttonClass('secondary')} data-testid="to-keys">
            {t('complete.to_keys')}
          </Link>
        ) : null}
        <Link to={paths.userCenter} className={buttonClass('secondary')} data-testid="to-user-center">
          {t('nav.user_center')}
        </Link>
        <Link to={paths.order(order.id)} className={buttonClass('ghost')}>
          {t('orders.view_detail')}
        </Link>
        <Link to={paths.root} className={buttonClass('ghost')}>
          {t('complete.continue_shopping')}
        </Link>
      </div>
    </div>
  );
}
