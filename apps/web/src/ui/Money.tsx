import { currencyFormat, MINOR_UNITS_PER_MAJOR, type Currency } from '@lantern/domain';
import { useLanguage } from '../lib/localize';
import { cn } from './cn';
import { useTranslation } from 'react-i18next';
import { useSite } from '../lib/site';

/** An amount of money as text. Money is integer minor units everywhere; only display divides it. */
export function formatMoney(minor: number, currency: Currency, language: string): string {
  return currencyFormat(language, currency).format(minor / MINOR_UNITS_PER_MAJOR[currency]);
}

/** A total, a discount (`negative` shows "−"), a balance: unlike `Price`, 0 reads as an amount, not "Free". */
export function Money({ amount, currency, negative, className, testId }: { amount: number; currency: Currency; negative?: boolean; className?: string; testId?: string }) {
  const language = useLanguage();
  return (
    <span className={cn('tabular-nums', className)} data-testid={testId} data-amount={amount}>
      {negative && amount > 0 ? '−' : ''}
      {formatMoney(amount, currency, language)}
    </span>
  );
}

/**
 * A coupon's face: what it takes off — a percentage, or an amount in the site's currency without a trailing ".00"
 * — over "% off" or "off"; `large` on the user centre's tickets, smaller in the home's coupon areas.
 */
export function CouponFace({ coupon, large = false }: { coupon: { discount_type: string; value: number }; large?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const site = useSite();
  const value = coupon.discount_type === 'percentage' ? `${coupon.value}%` : formatMoney(coupon.value, site.currency, language).replace(/\.00$/, '');
  return (
    <div>
      <p className={cn(large ? 'text-2xl' : 'text-xl', 'font-black leading-none tabular-nums')}>{value}</p>
      <p className={cn('mt-1', large ? 'text-[11px]' : 'text-[10px]', 'font-semibold uppercase tracking-wide')}>{t(coupon.discount_type === 'percentage' ? 'coupons.off_percent_short' : 'coupons.off_amount_short')}</p>
    </div>
  );
}
