import type { SkuDetail } from '@lantern/contract';
import { effectiveSalePrice, groupSeckills } from '@lantern/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { liveLeft, stockOf } from '../../../lib/flashSale';
import { seckillEventsQuery, useFlashBuy, useSeckillLive } from '../../../lib/flashSaleApi';
import { pickText, useLanguage } from '../../../lib/localize';
import { useServerNow } from '../../../lib/serverClock';
import { FlashBuyButton, FlashCountdown, FlashRefusal, StockBar, SupplierWaitNote } from '../../../ui/FlashSale';
import { Price } from '../../../ui/Price';

/**
 * The game page's flash-sale panel (docs/product/deals.md#flash-sales-on-the-web): shown while this SKU is in
 * a current or upcoming flash sale of the site (the current one first). The flash price against the regular
 * one, the countdown in server time, live stock, and "Buy now", off with the countdown until the opening
 * second and "Sold out" at 0. Buying qualifies, places the seckill order and goes to its checkout.
 */
export function FlashSalePanel({ sku }: { sku: SkuDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const events = useQuery(seckillEventsQuery);
  const serverMs = useServerNow();
  const mine = (events.data?.sec_kills ?? []).filter((e) => !e.closed && e.items.some((i) => i.sku_id === sku.id));
  const { current, pre } = groupSeckills(mine, serverMs);
  const event = current[0] ?? pre.sort((a, b) => a.from_timestamp - b.from_timestamp)[0];
  const live = useSeckillLive(event !== undefined);
  const flash = useFlashBuy();
  if (!event) return null;
  const item = event.items.find((i) => i.sku_id === sku.id)!;
  const left = liveLeft(event, live.data, sku.id);
  return (
    <section
      aria-labelledby="flash-panel-title"
      className="rounded-2xl bg-gradient-to-br from-accent/15 via-ink-900/90 to-ink-900/90 p-4 ring-1 ring-accent/40"
      data-testid="flash-panel"
      data-event-id={event.id}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="flash-panel-title" className="text-xs font-bold uppercase tracking-wider text-accent">
            {t('flash.panel_title')}
          </h2>
          <p className="mt-0.5 truncate text-sm text-muted">{pickText(event.title, language)}</p>
        </div>
        <FlashCountdown event={event} serverMs={serverMs} className="shrink-0 rounded-md bg-ink-950/60 px-2 py-1 text-sm font-semibold text-fg" />
      </div>
      <Price listPrice={effectiveSalePrice(sku)} salePrice={item.price} currency={sku.currency} size="lg" className="mt-3" />
      <StockBar left={left} stock={stockOf(event, sku.id)} className="mt-3" />
      {item.buy_limit > 0 ? <p className="mt-2 text-xs text-subtle">{t('flash.limit_note', { count: item.buy_limit })}</p> : null}
      <SupplierWaitNote item={item} className="mt-2" />
      <div className="mt-3">
        <FlashBuyButton event={event} left={left} serverMs={serverMs} pending={flash.pending === event.id} onBuy={() => flash.buy(event.id, sku.id)} size="lg" block />
      </div>
      {flash.failure?.eventId === event.id ? <FlashRefusal failure={flash.failure.outcome} item={item} event={event} /> : null}
      <Link to={paths.flashSales} className="mt-3 inline-block text-xs font-medium text-muted underline-offset-4 hover:text-fg hover:underline">
        {t('flash.all_sales')}
      </Link>
    </section>
  );
}
