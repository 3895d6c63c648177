import type { Order } from '@lantern/contract';
import { useTranslation } from 'react-i18next';
import { deliveryText } from '../lib/keys';
import { formatDate, useLanguage, useLocalize } from '../lib/localize';
import { cn } from './cn';
import { KeyReveal } from './GameKey';
import { BoxIcon, KeyIcon } from './icons';
import { LineCover } from './OrderParts';
import { SkuLineHead } from './SkuLineHead';

// What a paid order delivers, shown on the checkout's complete page and on the user centre's order page.
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
