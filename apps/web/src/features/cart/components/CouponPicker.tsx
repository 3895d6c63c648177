import type { Currency } from '@lantern/domain';
import { useTranslation } from 'react-i18next';
import { formatDate, useLanguage, useLocalize } from '../../../lib/localize';
import { cn } from '../../../ui/cn';
import { Modal } from '../../../ui/Modal';
import { formatMoney, Money } from '../../../ui/Money';
import type { CartCoupon } from '../api/cartCoupons';
import type { CouponOption } from '../cartState';

/** "¥10 off" / "15% off", and "on orders over ¥50" when there is a minimum. */
export function couponValueText(t: ReturnType<typeof useTranslation>['t'], c: Pick<CartCoupon['coupon'], 'discount_type' | 'value' | 'minimum_order'>, currency: Currency, language: string) {
  const value = c.discount_type === 'percentage' ? t('coupons.percent_off', { percent: c.value }) : t('coupons.amount_off', { amount: formatMoney(c.value, currency, language) });
  const minimum = c.minimum_order > 0 ? t('coupons.minimum', { amount: formatMoney(c.minimum_order, currency, language) }) : t('coupons.no_minimum');
  return { value, minimum };
}

/**
 * The coupons of the cart as a radio list: the usable ones first in automatic-settlement order (the pick
 * marked "best"), then those that do not fit the selection with the reason. "No coupon" is always there.
 */
export function CouponPicker({
  open,
  onOpenChange,
  options,
  bestId,
  appliedId,
  currency,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  options: CouponOption<CartCoupon>[];
  bestId: number | null;
  appliedId: number | null;
  currency: Currency;
  onPick: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const localize = useLocalize();
  const name = 'cart-coupon';
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('cart.coupon_title')} description={t('cart.coupon_help')} size="lg">
      <fieldset data-testid="coupon-picker">
        <legend className="sr-only">{t('cart.coupon_title')}</legend>
        <ul className="space-y-2">
          {options.map((o) => {
            const usable = o.problem === null && o.discount > 0;
            const text = couponValueText(t, o.coupon.coupon, currency, language);
            const until = o.coupon.coupon.valid_until_timestamp;
            return (
              <li key={o.coupon.id}>
                <label
                  className={cn(
                    'flex items-start gap-3 rounded-xl p-3 ring-inset transition-colors',
                    appliedId === o.coupon.id
                      ? 'cursor-pointer bg-ink-900 ring-2 ring-accent'
                      : usable
                        ? 'cursor-pointer bg-ink-900 ring-1 ring-ink-700 hover:ring-accent/60'
                        : 'cursor-not-allowed bg-ink-900/50 ring-1 ring-ink-800',
                  )}
                  data-testid="coupon-option"
                  data-account-coupon-id={o.coupon.id}
                  data-usable={usable}
                >
                  <input
                    type="radio"
                    name={name}
                    className="mt-1 size-4 accent-[var(--color-accent)]"
                    checked={appliedId === o.coupon.id}
                    disabled={!usable}
                    onChange={() => onPick(o.coupon.id)}
                  />
                  <span className="grid size-12 shrink-0 place-items-center rounded-lg bg-accent/15 text-center text-xs font-bold leading-tight text-accent" aria-hidden="true">
                    {o.coupon.coupon.discount_type === 'percentage' ? `${o.coupon.coupon.value}%` : formatMoney(o.coupon.coupon.value, currency, language).replace(/\.00$/, '')}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="font-semibold text-fg">{localize(o.coupon.coupon.title)}</span>
                      {o.coupon.id === bestId ? <span className="rounded bg-success/15 px-1.5 py-0.5 text-[11px] font-bold text-success">{t('cart.coupon_best')}</span> : null}
                    </span>
                    <span className="block text-sm text-muted">
                      {text.value} · {text.minimum}
                    </span>
                    <span className="block text-xs text-subtle">{until ? t('coupons.valid_until', { date: formatDate(until, language) }) : t('coupons.no_end')}</span>
                    {usable ? (
                      <span className="mt-1 block text-sm text-success">
                        {t('cart.coupon_saves')} <Money amount={o.discount} currency={currency} />
                      </span>
                    ) : (
                      <span className="mt-1 block text-sm text-danger">{t(`cart.coupon_problem_${o.problem ?? 'not_applicable'}`)}</span>
                    )}
                  </span>
                </label>
              </li>
            );
          })}
          <li>
            <label className={cn('flex cursor-pointer items-center gap-3 rounded-xl bg-ink-900 p-3 ring-inset', appliedId === null ? 'ring-2 ring-accent' : 'ring-1 ring-ink-700 hover:ring-accent/60')} data-testid="coupon-option-none">
              <input type="radio" name={name} className="size-4 accent-[var(--color-accent)]" checked={appliedId === null} onChange={() => onPick(null)} />
              <span className="text-sm font-medium text-fg">{t('cart.coupon_no_coupon')}</span>
            </label>
          </li>
        </ul>
        {options.length === 0 ? <p className="mt-3 text-sm text-muted">{t('cart.coupon_empty')}</p> : null}
      </fieldset>
    </Modal>
  );
}
