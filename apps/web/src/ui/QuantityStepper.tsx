import { useTranslation } from 'react-i18next';
import { cn } from './cn';
import { Spinner } from './Spinner';

export interface QuantityStepperProps {
  value: number;
  min: number;
  max: number;
  onChange: (next: number) => void;
  /** What is counted, for the buttons' labels ("Decrease quantity of Hades"). */
  label: string;
  busy?: boolean;
  className?: string;
}

/** − value + : each press moves one step inside [min, max]; the value is announced as it changes. */
export function QuantityStepper({ value, min, max, onChange, label, busy, className }: QuantityStepperProps) {
  const { t } = useTranslation();
  const button =
    'grid size-8 place-items-center text-lg leading-none text-fg transition-colors hover:bg-ink-700 disabled:cursor-not-allowed disabled:text-ink-600 disabled:hover:bg-transparent';
  return (
    <div className={cn('inline-flex h-8 items-center overflow-hidden rounded-lg bg-ink-850 ring-1 ring-inset ring-ink-600', className)} data-testid="quantity-stepper">
      <button type="button" className={button} aria-label={t('ui.decrease', { name: label })} disabled={busy || value <= min} onClick={() => onChange(value - 1)} data-testid="quantity-decrease">
        −
      </button>
      <output className="grid min-w-8 place-items-center px-1 text-sm font-semibold tabular-nums text-fg" aria-live="polite" aria-label={t('ui.quantity_of', { name: label })} data-testid="quantity">
        {busy ? <Spinner /> : value}
      </output>
      <button type="button" className={button} aria-label={t('ui.increase', { name: label })} disabled={busy || value >= max} onClick={() => onChange(value + 1)} data-testid="quantity-increase">
        +
      </button>
    </div>
  );
}
