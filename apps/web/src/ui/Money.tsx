import { currencyFormat, MINOR_UNITS_PER_MAJOR, type Currency } from '@lantern/domain';
import { useLanguage } from '../lib/localize';
import { cn } from './cn';

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
