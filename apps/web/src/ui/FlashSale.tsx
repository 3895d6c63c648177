import type { SeckillLive } from '@lantern/contract';
import { effectiveSalePrice } from '@lantern/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { formatCountdown } from '../lib/countdown';
import {
  flashRefusalAction, flashRefusalText, flashSecondsLeft, flashStatus, liveLeft, stockBar, stockOf, type FlashEvent,
} from '../lib/flashSale';
import type { ShownBuyFailure } from '../lib/flashSaleApi';
import { formatDate, pickText, useLanguage } from '../lib/localize';
import { Button, buttonClass } from './Button';
import { cn } from './cn';
import { Cover } from './Cover';
import { Price } from './Price';

/**
 * The pieces every flash-sale screen shows (docs/product/deals.md#flash-sales-on-the-web): the countdown in
 * server time, the stock bar, the buy button in its four states, and a refusal with what to do about it.
 */

export type FlashItem = FlashEvent['items'][number];

/** "Ends in 1:02:03" while current, "Starts in 4:59" before; the clock is hidden from screen readers (a reading a second is noise). */
export function FlashCountdown({ event, serverMs, className }: { event: FlashEvent; serverMs: number; className?: string }) {
  const { t } = useTranslation();
  const status = flashStatus(event, serverMs);
  if (status === 'end') {
    return (
      <span className={cn('text-xs text-subtle', className)} data-testid="flash-countdown" data-status={status}>
        {t('flash.ended')}
      </span>
    );
  }
  const left = flashSecondsLeft(event, serverMs);
  const key = status === 'current' ? 'flash.ends_in' : 'flash.starts_in';
  return (
    <span className={cn('tabular-nums', className)} data-testid="flash-countdown" data-status={status} data-seconds-left={left}>
      <span className="sr-only">{t(`${key}_sr`, { minutes: Math.ceil(left / 60) })}</span>
      <span aria-hidden="true">{t(key, { time: formatCountdown(left) })}</span>
    </span>
  );
}

/** Left of what was put on sale, as a bar; "Sold out" at 0. */
export function StockBar({ left, stock, className }: { left: number; stock: number; className?: string }) {
  const { t } = useTranslation();
  const bar = stockBar(left, stock);
  return (
    <div className={cn('min-w-0', className)} data-testid="flash-stock" data-left={bar.left} data-stock={bar.stock}>
      <div
        role="progressbar"
        aria-label={t('flash.stock_label')}
        aria-valuemin={0}
        aria-valuemax={bar.stock}
        aria-valuenow={bar.left}
        aria-valuetext={bar.soldOut ? t('flash.sold_out') : t('flash.left_of', { left: bar.left, stock: bar.stock })}
        className="h-1.5 overflow-hidden rounded-full bg-ink-700"
      >
        <div className={cn('h-full rounded-full transition-[width] duration-500', bar.soldOut ? 'bg-ink-600' : bar.percent <= 20 ? 'bg-danger' : 'bg-accent')} style={{ width: `${bar.percent}%` }} />
      </div>
      <p className={cn('mt-1 text-xs tabular-nums', bar.soldOut ? 'font-semibold text-danger' : 'text-muted')} aria-hidden="true">
        {bar.soldOut ? t('flash.sold_out') : t('flash.left_of', { left: bar.left, stock: bar.stock })}
      </p>
    </div>
  );
}

/** The buy button: disabled with the countdown before the start, "Sold out" at 0, "Ended" after. */
export function FlashBuyButton({ event, left, serverMs, pending, onBuy, size = 'md', block }: { event: FlashEvent; left: number; serverMs: number; pending: boolean; onBuy: () => void; size?: 'md' | 'lg'; block?: boolean }) {
  const { t } = useTranslation();
  const status = flashStatus(event, serverMs);
  const label =
    status === 'not_start' ? t('flash.starts_in', { time: formatCountdown(flashSecondsLeft(event, serverMs)) }) : status === 'end' ? t('flash.ended') : left <= 0 ? t('flash.sold_out') : t('flash.buy_now');
  return (
    <Button size={size} block={block} disabled={status !== 'current' || left <= 0} loading={pending} onClick={onBuy} data-testid="flash-buy" data-status={status} className="tabular-nums">
      {label}
    </Button>
  );
}

/** Why the buy was refused, and where to fix it. */
export function FlashRefusal({ failure, item, event }: { failure: ShownBuyFailure; item: FlashItem | undefined; event: FlashEvent }) {
  const { t } = useTranslation();
  const language = useLanguage();
  let text: string;
  let action: ReactNode = null;
  if ('refusal' in failure) {
    const r = event.requirements;
    text = flashRefusalText(t, failure.refusal, {
      buyLimit: item?.buy_limit ?? 1,
      registeredFrom: r.registered_from_timestamp === null ? null : formatDate(r.registered_from_timestamp, language),
      registeredTo: r.registered_to_timestamp === null ? null : formatDate(r.registered_to_timestamp, language),
    });
    const where = flashRefusalAction(failure.refusal);
    const to = where === 'security' ? paths.security : where === 'linked_accounts' ? paths.linkedAccounts : where === 'orders' ? paths.orders : where === 'library' ? paths.library : null;
    if (to) {
      action = (
        <Link to={to} className="mt-1 inline-block font-semibold text-accent underline-offset-4 hover:underline" data-testid="flash-refusal-action">
          {t(`flash.actions.${where}`)}
        </Link>
      );
    }
  } else {
    text = t(failure.other === 'unknown' ? 'flash.refusals.unknown' : `errors.${failure.other}`);
  }
  return (
    <div role="alert" className="mt-3 rounded-lg bg-danger/10 px-3 py-2 text-sm text-fg ring-1 ring-inset ring-danger/30" data-testid="flash-refusal" data-reason={'refusal' in failure ? failure.refusal : failure.other}>
      <p>{text}</p>
      {action}
    </div>
  );
}

export interface FlashCardProps {
  event: FlashEvent;
  item: FlashItem;
  live: SeckillLive | undefined;
  serverMs: number;
  /** The card's action: buying right here (the flash-sale page), or a link to the game page (the home). */
  action: { buy: () => void; pending: boolean; failure: ShownBuyFailure | null } | { link: true };
}

/**
 * Said before paying when some of an item's units are backed by the supplier rather than keys set aside for the
 * sale (docs/product/deals.md#flash-sale-keys): their keys come after payment, and the buyer is told when.
 */
export function SupplierWaitNote({ item, className }: { item: Pick<FlashItem, 'supplier_units'>; className?: string }) {
  const { t } = useTranslation();
  if (item.supplier_units <= 0) return null;
  return (
    <p className={cn('rounded-md bg-info/10 px-2 py-1.5 text-xs text-fg ring-1 ring-inset ring-info/30', className)} data-testid="flash-supplier-wait">
      {t('flash.supplier_wait')}
    </p>
  );
}

/** One flash-sale item as a card: cover, name, flash price against the regular price, countdown, stock, action. */
export function FlashSaleCard({ event, item, live, serverMs, action }: FlashCardProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const sku = item.sku;
  const left = liveLeft(event, live, item.sku_id);
  const name = sku ? pickText(sku.sku_names, language) : pickText(event.title, language);
  const regular = sku ? effectiveSalePrice(sku) : item.price;
  const status = flashStatus(event, serverMs);
  return (
    <article
      className={cn('flex h-full flex-col rounded-xl bg-ink-850 p-2.5 ring-1', status === 'current' ? 'ring-accent/40' : 'ring-ink-700')}
      data-testid="flash-card"
      data-event-id={event.id}
      data-sku-id={item.sku_id}
      aria-label={name}
    >
      <Link to={paths.sku(item.sku_id)} className="block rounded-lg focus-visible:outline-2 focus-visible:outline-accent">
        {sku ? <Cover src={sku.sku_covers.horizontal} shape="horizontal" className="rounded-lg" /> : null}
        <p className="mt-2 line-clamp-1 text-sm font-semibold text-fg">{name}</p>
      </Link>
      <p className="mt-0.5 line-clamp-1 text-xs text-subtle">{pickText(event.title, language)}</p>
      {sku ? <Price listPrice={regular} salePrice={item.price} currency={sku.currency} className="mt-2" /> : null}
      <FlashCountdown event={event} serverMs={serverMs} className={cn('mt-2 text-xs font-medium', status === 'current' ? 'text-accent' : 'text-muted')} />
      <StockBar left={left} stock={stockOf(event, item.sku_id)} className="mt-2" />
      <SupplierWaitNote item={item} className="mt-2" />
      <div className="mt-auto pt-3">
        {'link' in action ? (
          <Link to={paths.sku(item.sku_id)} className={buttonClass(status === 'current' && left > 0 ? 'primary' : 'secondary', 'sm', true)} data-testid="flash-card-link">
            {status === 'current' ? (left > 0 ? t('flash.grab') : t('flash.sold_out')) : t('flash.view')}
          </Link>
        ) : (
          <>
            <FlashBuyButton event={event} left={left} serverMs={serverMs} pending={action.pending} onBuy={action.buy} block />
            {action.failure ? <FlashRefusal failure={action.failure} item={item} event={event} /> : null}
          </>
        )}
      </div>
    </article>
  );
}
