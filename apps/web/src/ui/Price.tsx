import { discountPercent, priceLabel, type Currency } from '@lantern/domain';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/localize';
import { cn } from './cn';

export interface PriceProps {
  listPrice: number;
  salePrice: number;
  currency: Currency;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = {
  sm: { badge: 'px-1.5 py-0.5 text-xs', list: 'text-[11px]', sale: 'text-sm' },
  md: { badge: 'px-2 py-1 text-sm', list: 'text-xs', sale: 'text-base' },
  lg: { badge: 'px-2.5 py-1.5 text-xl', list: 'text-sm', sale: 'text-2xl' },
};

/**
 * A price as the store shows it: the discount (domain `discountPercent`) as a badge, the list price struck
 * through, the sale price; 0 reads "Free"/"免费" (domain `priceLabel`, docs/product/catalogue.md#free-label). Amounts are minor units.
 */
export function Price({ listPrice, salePrice, currency, size = 'md', className }: PriceProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const percent = discountPercent(listPrice, salePrice);
  const sale = priceLabel(salePrice, currency, language);
  const list = priceLabel(listPrice, currency, language);
  const s = sizes[size];
  return (
    <div className={cn('flex items-center gap-2', className)} data-testid="price" data-sale-price={salePrice} data-list-price={listPrice}>
      {percent > 0 ? (
        <span className={cn('rounded-md bg-success/15 font-bold tabular-nums text-success', s.badge)} data-testid="discount">
          <span className="sr-only">{t('price.discount')} </span>-{percent}%
        </span>
      ) : null}
      <span className="flex flex-col leading-tight">
        {percent > 0 ? (
          <s className={cn('tabular-nums text-subtle', s.list)} data-testid="list-price">
            <span className="sr-only">{t('price.list')} </span>
            {list.text}
          </s>
        ) : null}
        <span className={cn('font-semibold tabular-nums', sale.free ? 'text-success' : 'text-fg', s.sale)} data-testid="sale-price">
          {percent > 0 ? <span className="sr-only">{t('price.now')} </span> : null}
          {sale.text}
        </span>
      </span>
    </div>
  );
}
