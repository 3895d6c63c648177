import type { Order } from '@lantern/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { formatDate, useLanguage, useLocalize } from '../lib/localize';
import { Card } from './Card';
import { cn } from './cn';
import { Cover } from './Cover';
import { Money } from './Money';
import { Price } from './Price';
import { districtNames, districtsQuery } from '../lib/districts';
import { orderStateKey, type OrderView } from '../lib/orderView';

/** The shown state as a coloured pill: awaiting payment (amber), paid or shipped goods on their way (blue), completed (green), canceled/expired (grey). */
export function OrderStateBadge({ order, view, className }: { order: Pick<Order, 'cancel_reason'>; view: OrderView; className?: string }) {
  const { t } = useTranslation();
  const tone =
    view.state === 'completed'
      ? 'bg-success/15 text-success ring-success/30'
      : view.state === 'paid' || view.state === 'shipped'
        ? 'bg-info/15 text-info ring-info/30'
        : view.payable
        ? 'bg-accent/15 text-accent-strong ring-accent/40'
        : 'bg-ink-800 text-muted ring-ink-600';
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', tone, className)} data-testid="order-state" data-state={view.state} data-expired={view.expired}>
      {t(orderStateKey(order, view))}
    </span>
  );
}

type OrderLine = Order['order_games'][number];

/** A line's cover as a small landscape thumbnail linking to the SKU (decorative: the name is beside it). */
export function LineCover({ line, className }: { line: Pick<OrderLine, 'sku_id' | 'sku_covers'>; className?: string }) {
  return (
    <Link to={paths.sku(line.sku_id)} tabIndex={-1} aria-hidden="true" className={cn('block shrink-0 overflow-hidden rounded-md ring-1 ring-ink-700', className)} data-testid="order-line-cover">
      <Cover src={line.sku_covers.horizontal} shape="horizontal" />
    </Link>
  );
}

/** The covers of an order's first lines, overlapping a little, for lists that show an order in one row. */
export function LineCovers({ order, max = 3 }: { order: Order; max?: number }) {
  const lines = order.order_games.slice(0, max);
  if (lines.length === 0) return null;
  return (
    <div className="flex shrink-0 -space-x-10 sm:-space-x-8" data-testid="order-covers">
      {lines.map((g, i) => (
        <LineCover key={g.id} line={g} className={cn('w-16 bg-ink-900 sm:w-24', i > 0 && 'shadow-[-4px_0_8px_rgba(0,0,0,0.45)]')} />
      ))}
    </div>
  );
}

export function OrderLines({ order, compact }: { order: Order; compact?: boolean }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <ul className="divide-y divide-ink-700/70" data-testid="order-lines">
      {order.order_games.map((g) => (
        <li key={g.id} className={cn('flex items-start justify-between gap-3', compact ? 'py-2' : 'py-3')} data-testid="order-line" data-sku-id={g.sku_id}>
          <LineCover line={g} className={compact ? 'w-16' : 'w-20 sm:w-28'} />
          <div className="min-w-0 flex-1">
            <Link to={paths.sku(g.sku_id)} className="line-clamp-2 font-medium text-fg hover:text-accent-strong">
              {localize(g.sku_names)}
            </Link>
            <p className="text-xs text-muted">
              {t('orders.quantity', { count: g.quantity })}
              {g.coupon_amount > 0 ? (
                <>
                  {' · '}
                  <span className="whitespace-nowrap">
                    {t('orders.coupon_share')} <Money amount={g.coupon_amount} currency={order.currency} negative className="text-success" />
                  </span>
                </>
              ) : null}
            </p>
          </div>
          <Price listPrice={g.list_price} salePrice={g.sale_price} currency={order.currency} size="sm" className="shrink-0" />
        </li>
      ))}
    </ul>
  );
}

export function OrderTotals({ order }: { order: Order }) {
  const { t } = useTranslation();
  const saved = Math.max(0, order.list_amount - order.subtotal_amount);
  return (
    <dl className="space-y-2 text-sm" data-testid="order-totals">
      <div className="flex justify-between gap-3">
        <dt className="text-muted">{t('orders.list_amount')}</dt>
        <dd>
          <Money amount={order.list_amount} currency={order.currency} className="text-fg" />
        </dd>
      </div>
      {saved > 0 ? (
        <div className="flex justify-between gap-3">
          <dt className="text-muted">{t('cart.sale_savings')}</dt>
          <dd>
            <Money amount={saved} currency={order.currency} negative className="text-success" />
          </dd>
        </div>
      ) : null}
      {order.coupon_amount > 0 ? (
        <div className="flex justify-between gap-3">
          <dt className="text-muted">{t('cart.coupon')}</dt>
          <dd>
            <Money amount={order.coupon_amount} currency={order.currency} negative className="text-success" testId="order-coupon-amount" />
          </dd>
        </div>
      ) : null}
      <div className="flex items-baseline justify-between gap-3 border-t border-ink-700 pt-2.5">
        <dt className="font-semibold text-fg">{t('orders.total')}</dt>
        <dd>
          <Money amount={order.total_amount} currency={order.currency} className="text-xl font-bold text-fg" testId="order-total" />
        </dd>
      </div>
    </dl>
  );
}

/** The address as a card of its own on the order's pages; nothing for an order shipped nowhere. */
export function OrderAddressCard({ order }: { order: Order }) {
  if (!order.address) return null;
  return (
    <Card className="p-5">
      <OrderAddress order={order} />
    </Card>
  );
}

export function OrderAddress({ order }: { order: Order }) {
  const { t } = useTranslation();
  const a = order.address;
  const districts = useQuery({ ...districtsQuery, enabled: !!a?.prov_id });
  if (!a) return null;
  const region = districtNames(districts.data, a);
  return (
    <div className="text-sm" data-testid="order-address">
      <p className="mb-1 font-semibold text-fg">{t('orders.ship_to')}</p>
      <p className="text-fg">
        {a.name} · {a.phone_number}
      </p>
      <p className="text-muted">{[region, a.region_text, a.address, a.postcode].filter(Boolean).join(' ')}</p>
    </div>
  );
}

/** "Order #12 · 3 Mar 2026 · Cart order" */
export function OrderMeta({ order, withNumber = true }: { order: Order; withNumber?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <p className="text-sm text-muted">
      {withNumber ? `${t('orders.number', { id: order.id })} · ` : ''}
      {formatDate(order.created_at_timestamp, language)} · {t(`orders.type_${order.type}`)}
    </p>
  );
}
