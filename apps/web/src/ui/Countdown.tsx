import { useTranslation } from 'react-i18next';
import { formatCountdown, secondsUntil, useNowSeconds } from '../lib/countdown';
import { cn } from './cn';

/**
 * Time left until `deadlineSec` (whole seconds), ticking each second; `onEnd` is told once it reaches 0.
 * The visible clock is hidden from screen readers (a reading every second is noise); the label says it.
 */
export function Countdown({ deadlineSec, className, testId, prefix }: { deadlineSec: number; className?: string; testId?: string; prefix?: string }) {
  const { t } = useTranslation();
  const now = useNowSeconds(true);
  const left = secondsUntil(deadlineSec, now);
  const clock = formatCountdown(left);
  return (
    <span className={cn('tabular-nums', className)} data-testid={testId ?? 'countdown'} data-seconds-left={left}>
      <span className="sr-only">{t('orders.time_left_sr', { minutes: Math.ceil(left / 60) })}</span>
      <span aria-hidden="true">
        {prefix ? `${prefix} ` : ''}
        {clock}
      </span>
    </span>
  );
}
