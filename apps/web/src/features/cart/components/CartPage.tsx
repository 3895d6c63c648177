import { useQuery } from '@tanstack/react-query';
import type { CartResponse, CartSku } from '@lantern/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { cartErrorText, stationName, cartQuery, PRODUCT_CATES, type ProductCate } from '../../../lib/cart';
import { nowSeconds } from '../../../lib/countdown';
import { errorToText } from '../../../lib/errors';
import { pickText, useLanguage, useLocalize } from '../../../lib/localize';
import { describeOrderFailure, type OrderFailureData } from '../../../lib/orderErrors';
import { useSite } from '../../../lib/site';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../../ui/Button';
import { Card, PageHeader } from '../../../ui/Card';
import { cn } from '../../../ui/cn';
import { Cover } from '../../../ui/Cover';
import { EmptyState } from '../../../ui/EmptyState';
import { CartIcon, CloseIcon, TagIcon } from '../../../ui/icons';
import { LinkTabs } from '../../../ui/LinkTabs';
import { Money } from '../../../ui/Money';
import { Price } from '../../../ui/Price';
import { QuantityStepper } from '../../../ui/QuantityStepper';
import { PlatformBadge } from '../../../ui/SkuCard';
import { PageSpinner } from '../../../ui/Spinner';
import { FormAlert, ReasonsAlert } from '../../../ui/TextField';
import { toast } from '../../../ui/toastStore';
import { cartCouponsQuery } from '../api/cartCoupons';
import { useSetCartQuantity } from '../api/setCartQuantity';
import { appliedCouponId, chooseCoupon, isOrderable, quantityBounds, selectedLines, selectionTotals, toggleAll, toggleLine, unitPrice } from '../cartState';
import { CouponPicker } from './CouponPicker';

const isCate = (v: string | null): v is ProductCate => v === 'game' || v === 'virtual' || v === 'physical';

function unavailableReason(t: ReturnType<typeof useTranslation>['t'], line: CartSku): string {
  if (line.status === 'off' || line.status === 'unpublished') return t('cart.off_sale');
  return t('errors.region_invalid');
}

function Line({
  line,
  currency,
  selected,
  onToggle,
  onQuantity,
  busy,
  problems,
}: {
  line: CartSku;
  currency: CartResponse['meta']['currency'];
  selected: boolean;
  onToggle: () => void;
  onQuantity: (q: number) => void;
  busy: boolean;
  problems: string[];
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const name = pickText(line.sku.sku_names, language);
  const edition = pickText(line.sku.edition, language);
  const orderable = isOrderable(line);
  const bounds = quantityBounds(line);
  const unit = unitPrice(line);
  return (
    <li
      className={cn('relative flex gap-3 p-3 sm:gap-4 sm:p-4', !orderable && 'opacity-70')}
      data-testid="cart-line"
      data-sku-id={line.sku_id}
      data-orderable={orderable}
      data-selected={orderable && selected}
    >
      <div className="flex items-start pt-1">
        <input
          type="checkbox"
          className="size-5 accent-[var(--color-accent)] disabled:opacity-40"
          checked={orderable && selected}
          disabled={!orderable}
          onChange={onToggle}
          aria-label={t('cart.select_line', { name })}
          data-testid="cart-line-select"
        />
      </div>
      <Link to={paths.sku(line.sku_id)} className="w-24 shrink-0 self-start overflow-hidden rounded-lg ring-1 ring-ink-700 sm:w-40" tabIndex={-1} aria-hidden="true">
        <Cover src={line.sku.sku_covers.horizontal} shape="horizontal" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <Link to={paths.sku(line.sku_id)} className="line-clamp-2 font-semibold text-fg hover:text-accent-strong" data-testid="cart-line-name">
            {name}
          </Link>
          {edition && edition !== name ? <p className="truncate text-xs text-muted">{edition}</p> : null}
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
            <PlatformBadge sku={line.sku} />
            {line.status === 'pre_sale' ? <span className="rounded-md bg-accent/10 px-1.5 py-0.5 text-[11px] font-semibold text-accent ring-1 ring-inset ring-accent/30">{t('sku.pre_sale')}</span> : null}
            {orderable && line.use_coupon ? (
              <span className="inline-flex items-center gap-1 rounded-md bg-success/10 px-1.5 py-0.5 text-[11px] font-semibold text-success ring-1 ring-inset ring-success/30">
                <TagIcon className="size-3" />
                {t('cart.coupon_eligible')}
              </span>
            ) : null}
            {!orderable ? (
              <span className="rounded-md bg-danger/10 px-1.5 py-0.5 text-[11px] font-semibold text-danger ring-1 ring-inset ring-danger/30" data-testid="cart-line-unavailable">
                {unavailableReason(t, line)}
              </span>
            ) : null}
          </div>
          {problems.length > 0 ? (
            <ul className="mt-2 space-y-0.5 text-sm text-danger" data-testid="cart-line-problems">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 sm:flex-col sm:flex-nowrap sm:items-end">
          <Price listPrice={line.price} salePrice={unit} currency={currency} size="sm" className="sm:justify-end" />
          <div className="flex items-center gap-2">
            {orderable ? (
              <QuantityStepper value={line.quantity} min={bounds.min} max={bounds.max} onChange={onQuantity} label={name} busy={busy} />
            ) : null}
            <button
              type="button"
              className="grid size-8 place-items-center rounded-lg text-muted hover:bg-ink-800 hover:text-danger"
              aria-label={t('cart.remove', { name })}
              title={t('cart.remove_short')}
              onClick={() => onQuantity(0)}
              disabled={busy}
              data-testid="cart-line-remove"
            >
              <CloseIcon className="size-4" />
            </button>
          </div>
          {line.quantity > 1 ? (
            <p className="text-xs text-muted">
              {t('cart.line_total')} <Money amount={unit * line.quantity} currency={currency} className="font-semibold text-fg" />
            </p>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/** /cart: the cart by category (`q[sku_cate_eq]`, docs/product/buying.md#cart), selection, coupon and check-out. */
export function CartPage() {
  const { t } = useTranslation();
  const site = useSite();
  const localize = useLocalize();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  useDocumentTitle(t('cart.title'));
  const station = stationName(t, site.area);

  const all = useQuery(cartQuery());
  const paramCate = params.get('cate');
  // Without a category in the address, open the first one that holds something.
  const firstWithLines = PRODUCT_CATES.find((c) => all.data?.cart_skus.some((l) => l.sku.cate === c));
  const cate: ProductCate = isCate(paramCate) ? paramCate : (firstWithLines ?? 'game');
  const cart = useQuery(cartQuery(cate));
  const coupons = useQuery(cartCouponsQuery);

  const [deselected, setDeselected] = useState<ReadonlySet<number>>(new Set());
  /** undefined: automatic settlement; null: no coupon; a number: the user's pick. */
  const [couponChoice, setCouponChoice] = useState<number | null | undefined>(undefined);
  const [pickerOpen, setPickerOpen] = useState(false);
  const failure = (location.state as { orderFailure?: OrderFailureData } | null)?.orderFailure;

  const write = useSetCartQuantity(cate, {
    onSuccess: (_next, { quantity }) => {
      if (quantity === 0) toast.success(t('cart.removed'));
    },
    onError: (e) => toast.fail(cartErrorText(t, e, station)),
  });

  const lines = useMemo(() => cart.data?.cart_skus ?? [], [cart.data]);
  const orderable = lines.filter(isOrderable);
  const unavailable = lines.filter((l) => !isOrderable(l));
  const chosen = selectedLines(lines, deselected);
  const totals = selectionTotals(chosen);
  const choice = useMemo(() => chooseCoupon(coupons.data?.account_coupons ?? [], chosen, nowSeconds()), [coupons.data, chosen]);
  const couponId = appliedCouponId(couponChoice, choice.options, choice.bestId);
  const applied = choice.options.find((o) => o.coupon.id === couponId) ?? null;
  const couponAmount = applied ? Math.min(applied.discount, totals.subtotal) : 0;
  const total = totals.subtotal - couponAmount;
  const currency = cart.data?.meta.currency ?? site.currency;
  const full = all.data ? all.data.meta.total_count >= all.data.meta.max_lines : false;
  const failureText = failure ? describeOrderFailure(t, failure, lines.map((l) => l.sku_id)) : null;

  const counts = Object.fromEntries(PRODUCT_CATES.map((c) => [c, all.data?.cart_skus.filter((l) => l.sku.cate === c).length ?? 0]));
  const tabs = PRODUCT_CATES.map((c) => ({ key: c, label: t(`cart.cate_${c}`), to: paths.cartOf(c), count: counts[c] }));

  const checkOut = () => {
    if (chosen.length === 0) return;
    navigate(paths.cartConfirm({ skuIds: chosen.map((l) => l.sku_id), cate, couponId }), { state: null });
  };

  if (cart.isPending || all.isPending) return <PageSpinner label={t('ui.loading')} />;

  return (
    <div className="mx-auto max-w-7xl px-3 py-6 sm:px-6 sm:py-10" data-testid="cart-page" data-cate={cate}>
      <PageHeader title={t('cart.title')} subtitle={all.data ? t('cart.count', { count: all.data.meta.total_count }) : undefined} />
      <LinkTabs tabs={tabs} active={cate} label={t('cart.categories')} className="mb-5" testId="cart-tabs" />

      <div className="space-y-3">
        {full ? (
          <FormAlert tone="info">
            <span data-testid="cart-full">{t('cart.full', { station })}</span>
          </FormAlert>
        ) : null}
        {failureText ? (
          <div data-testid="order-failure">
            <ReasonsAlert heading={t('orders.create_failed')} reasons={failureText.general} />
          </div>
        ) : null}
        {cart.isError ? <FormAlert>{errorToText(t, cart.error)}</FormAlert> : null}
      </div>

      {lines.length === 0 ? (
        <EmptyState
          className="mt-6"
          icon={<CartIcon className="size-6" />}
          title={t('cart.empty_title', { cate: t(`cart.cate_${cate}`) })}
          body={t('cart.empty_body')}
          action={
            <Link to={cate === 'physical' ? paths.peripheral : paths.root} className={buttonClass('primary')}>
              {t('cart.browse')}
            </Link>
          }
        />
      ) : (
        <div className="mt-5 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
          <div className="min-w-0 space-y-5">
            {orderable.length > 0 ? (
              <Card>
                <div className="flex items-center justify-between gap-3 border-b border-ink-700 px-4 py-3">
                  <label className="flex items-center gap-2.5 text-sm font-medium text-fg">
                    <input
                      type="checkbox"
                      className="size-5 accent-[var(--color-accent)]"
                      checked={chosen.length === orderable.length}
                      ref={(el) => {
                        if (el) el.indeterminate = chosen.length > 0 && chosen.length < orderable.length;
                      }}
                      onChange={() => setDeselected(toggleAll(lines, deselected))}
                      data-testid="cart-select-all"
                    />
                    {t('cart.select_all', { count: orderable.length })}
                  </label>
                  <span className="text-sm text-muted">{t('cart.selected', { count: chosen.length })}</span>
                </div>
                <ul className="divide-y divide-ink-700/70">
                  {orderable.map((line) => (
                    <Line
                      key={line.sku_id}
                      line={line}
                      currency={currency}
                      selected={!deselected.has(line.sku_id)}
                      onToggle={() => setDeselected(toggleLine(deselected, line.sku_id))}
                      onQuantity={(q) => write.mutate({ skuId: line.sku_id, quantity: q })}
                      busy={write.isPending && write.variables?.skuId === line.sku_id}
                      problems={failureText?.perSku[line.sku_id] ?? []}
                    />
                  ))}
                </ul>
              </Card>
            ) : null}
            {unavailable.length > 0 ? (
              <section aria-labelledby="cart-unavailable">
                <h2 id="cart-unavailable" className="mb-2 text-sm font-semibold text-muted">
                  {t('cart.unavailable_title', { count: unavailable.length })}
                </h2>
                <Card>
                  <ul className="divide-y divide-ink-700/70" data-testid="cart-unavailable">
                    {unavailable.map((line) => (
                      <Line
                        key={line.sku_id}
                        line={line}
                        currency={currency}
                        selected={false}
                        onToggle={() => {}}
                        onQuantity={(q) => write.mutate({ skuId: line.sku_id, quantity: q })}
                        busy={write.isPending && write.variables?.skuId === line.sku_id}
                        problems={failureText?.perSku[line.sku_id] ?? []}
                      />
                    ))}
                  </ul>
                </Card>
              </section>
            ) : null}
          </div>

          <aside className="lg:sticky lg:top-24 lg:self-start" aria-labelledby="cart-summary-title">
            <Card className="p-5" data-testid="cart-summary">
              <h2 id="cart-summary-title" className="text-lg font-semibold text-fg">
                {t('cart.summary')}
              </h2>
              <dl className="mt-4 space-y-2.5 text-sm">
                <div className="flex justify-between gap-3">
                  <dt className="text-muted">{t('cart.items_total', { count: totals.quantity })}</dt>
                  <dd>
                    <Money amount={totals.list} currency={currency} className="text-fg" />
                  </dd>
                </div>
                {totals.saved > 0 ? (
                  <div className="flex justify-between gap-3">
                    <dt className="text-muted">{t('cart.sale_savings')}</dt>
                    <dd>
                      <Money amount={totals.saved} currency={currency} negative className="text-success" />
                    </dd>
                  </div>
                ) : null}
                <div className="flex items-center justify-between gap-3">
                  <dt className="text-muted">{t('cart.coupon')}</dt>
                  <dd className="flex min-w-0 items-center gap-2">
                    {couponAmount > 0 ? <Money amount={couponAmount} currency={currency} negative className="text-success" testId="cart-coupon-amount" /> : null}
                    <Button variant="link" size="sm" onClick={() => setPickerOpen(true)} data-testid="cart-coupon-open" disabled={coupons.isPending}>
                      {applied ? t('cart.coupon_change') : choice.options.some((o) => o.problem === null && o.discount > 0) ? t('cart.coupon_choose') : t('cart.coupon_none_usable')}
                    </Button>
                  </dd>
                </div>
                {applied ? (
                  <p className="-mt-1 truncate text-right text-xs text-subtle" data-testid="cart-coupon-applied" data-account-coupon-id={applied.coupon.id}>
                    {localize(applied.coupon.coupon.title)}
                    {couponChoice === undefined ? ` · ${t('cart.coupon_auto')}` : ''}
                  </p>
                ) : null}
                <div className="flex items-baseline justify-between gap-3 border-t border-ink-700 pt-3">
                  <dt className="font-semibold text-fg">{t('cart.total')}</dt>
                  <dd>
                    <Money amount={total} currency={currency} className="text-2xl font-bold text-fg" testId="cart-total" />
                  </dd>
                </div>
              </dl>
              <Button size="lg" block className="mt-5" disabled={chosen.length === 0} onClick={checkOut} data-testid="cart-checkout">
                {t('cart.check_out', { count: chosen.length })}
              </Button>
              {cate === 'physical' ? <p className="mt-3 text-xs text-muted">{t('cart.address_next')}</p> : null}
              {cate !== 'physical' ? <p className="mt-3 text-xs text-muted">{t('cart.keys_note')}</p> : null}
            </Card>
          </aside>
        </div>
      )}
      <CouponPicker
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        options={choice.options}
        bestId={choice.bestId}
        appliedId={couponId}
        currency={currency}
        onPick={(id) => {
          setCouponChoice(id === choice.bestId ? undefined : id);
          setPickerOpen(false);
        }}
      />
    </div>
  );
}
