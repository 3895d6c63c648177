import { useQuery } from '@tanstack/react-query';
import type { Order, OrderPaymentsResponse, PaymentOption } from '@lantern/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { errorPageFor } from '../../../lib/api';
import { useNowSeconds } from '../../../lib/countdown';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { MyOrdersLink } from '../../../ui/MyOrdersLink';
import { cn } from '../../../ui/cn';
import { Countdown } from '../../../ui/Countdown';
import { formatMoney } from '../../../ui/Money';
import { PageSpinner, Spinner } from '../../../ui/Spinner';
import { FormAlert } from '../../../ui/TextField';
import { toast } from '../../../ui/toastStore';
import { useLanguage } from '../../../lib/localize';
import { orderQuery } from '../../../lib/order';
import { useRefreshOrder } from '../api/refreshOrder';
import { isRedirect, usePayOrder } from '../api/pay';
import { orderPaymentsQuery } from '../api/payments';
import { usePaymentCompleted, usePaymentStatus } from '../api/payQuery';
import { saveHandoff } from '../blank';
import { orderView } from '../../../lib/orderView';
import { outcomeMessage, outcomeOfError, outcomeOfStatus, type PayOutcome } from '../payOutcome';
import { PAY_SLOW_AFTER_MS } from '../payPoll';
import { OrderAddressCard, OrderLines, OrderMeta, OrderStateBadge, OrderTotals } from '../../../ui/OrderParts';

function useOutcomeText() {
  const { t } = useTranslation();
  return (o: PayOutcome) => {
    const m = outcomeMessage(o);
    return t(m.key, { ...m.vars, defaultValue: t('pay.unknown', { reason: m.vars?.reason ?? '' }) });
  };
}

function MethodOption({ option, checked, onPick, payments }: { option: PaymentOption; checked: boolean; onPick: () => void; payments: OrderPaymentsResponse }) {
  const { t } = useTranslation();
  const language = useLanguage();
  let detail: string | null = null;
  if (option.method === 'wallet' && option.balance !== undefined) detail = t('pay.balance', { amount: formatMoney(option.balance, payments.currency, language) });
  if (option.method === 'points' && option.points_amount != null) detail = t('pay.points_cost', { points: option.points_amount.toLocaleString(language), score: (option.score ?? 0).toLocaleString(language) });
  return (
    <label
      className={cn(
        'flex items-center gap-3 rounded-xl p-3 ring-inset transition-colors',
        checked
          ? 'cursor-pointer bg-ink-900 ring-2 ring-accent'
          : option.available
            ? 'cursor-pointer bg-ink-900 ring-1 ring-ink-700 hover:ring-accent/60'
            : 'cursor-not-allowed bg-ink-900/40 ring-1 ring-ink-800',
      )}
      data-testid="pay-method"
      data-method={option.method}
      data-available={option.available}
    >
      <input type="radio" name="payment_method" value={option.method} checked={checked} disabled={!option.available} onChange={onPick} className="size-4 accent-[var(--color-accent)]" />
      <span className={cn('grid size-9 shrink-0 place-items-center rounded-lg text-xs font-black', METHOD_TONES[option.method])} aria-hidden="true">
        {METHOD_MARKS[option.method]}
      </span>
      <span className="min-w-0 flex-1">
        <span className={cn('block font-semibold', option.available ? 'text-fg' : 'text-muted')}>{t(`pay.method_name_${option.method}`)}</span>
        {detail ? <span className="block text-xs text-muted">{detail}</span> : null}
        {!option.available && option.reason ? (
          <span className="block text-xs text-danger" data-testid="pay-method-reason">
            {t(`pay.method_${option.reason}`, { defaultValue: option.reason })}
          </span>
        ) : null}
      </span>
    </label>
  );
}

const METHOD_MARKS: Record<PaymentOption['method'], string> = { alipay: '支', wechat: '微', paypal: 'PP', card: '▭', wallet: '¤', points: '★' };
const METHOD_TONES: Record<PaymentOption['method'], string> = {
  alipay: 'bg-[#1677ff]/20 text-[#7db3ff]',
  wechat: 'bg-[#07c160]/20 text-[#5fe39b]',
  paypal: 'bg-[#009cde]/20 text-[#6cc9f0]',
  card: 'bg-ink-700 text-fg',
  wallet: 'bg-accent/20 text-accent',
  points: 'bg-accent/20 text-accent',
};

/** The payment box of a payable order: methods from GET /api/orders/{id}/payments, then Pay. */
function PayBox({ order }: { order: Order }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const outcomeText = useOutcomeText();
  const language = useLanguage();
  const methods = useQuery(orderPaymentsQuery(order.id));
  const [picked, setPicked] = useState<PaymentOption['method'] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const options = methods.data?.payment_methods ?? [];
  const current = options.find((o) => o.method === picked && o.available) ?? options.find((o) => o.available) ?? null;

  const pay = usePayOrder(order.id, {
    onSuccess: (r) => {
      if (isRedirect(r)) {
        saveHandoff({ url: r.url, method: r.method, data: r.data, orderId: order.id });
        navigate(paths.blank);
        return;
      }
      navigate(paths.orderComplete(order.id), { replace: true });
    },
    onError: (e) => {
      const o = outcomeOfError(e);
      if (o.kind === 'sign_in') return;
      if (o.kind === 'busy') {
        toast.fail(outcomeText(o));
        return;
      }
      setProblem(outcomeText(o));
    },
  });

  return (
    <section aria-labelledby="pay-title">
      <h2 id="pay-title" className="mb-3 font-semibold text-fg">
        {t('pay.choose_method')}
      </h2>
      {methods.isPending ? (
        <Spinner label={t('ui.loading')} className="text-muted" />
      ) : methods.isError ? (
        <FormAlert>{outcomeText(outcomeOfError(methods.error))}</FormAlert>
      ) : (
        <fieldset>
          <legend className="sr-only">{t('pay.choose_method')}</legend>
          <div className="grid gap-2" data-testid="pay-methods">
            {options.map((o) => (
              <MethodOption key={o.method} option={o} payments={methods.data} checked={current?.method === o.method} onPick={() => setPicked(o.method)} />
            ))}
          </div>
        </fieldset>
      )}
      {problem ? (
        <div className="mt-3" data-testid="pay-problem">
          <FormAlert>{problem}</FormAlert>
        </div>
      ) : null}
      <Button size="lg" block className="mt-4" disabled={!current} loading={pay.isPending} onClick={() => (setProblem(null), pay.mutate({ payment_method: current!.method, payment_from: 'web', version: methods.data?.version ?? order.version }))} data-testid="pay-button">
        {t('pay.pay_now', { amount: formatMoney(order.total_amount, order.currency, language) })}
      </Button>
      {/* Wallet and points pay here at once; only a gateway opens the provider's page. */}
      <p className="mt-2 text-xs text-muted" data-testid="pay-note">
        {t(current?.method === 'wallet' ? 'pay.wallet_note' : current?.method === 'points' ? 'pay.points_note' : 'pay.secure_note')}
      </p>
    </section>
  );
}

const isUnpaid = (order: Order) => order.display_state === 'pending' || order.display_state === 'in_checkout';

/** Back to the payment methods with the order read afresh, dropping the gateway's return from the address. */
function PayAgainButton({ order, variant }: { order: Order; variant?: 'secondary' }) {
  const { t } = useTranslation();
  const refreshOrder = useRefreshOrder();
  const [, setParams] = useSearchParams();
  return (
    <Button
      variant={variant}
      onClick={() => {
        refreshOrder(order.id);
        setParams({}, { replace: true });
      }}
      data-testid="pay-again"
    >
      {t('pay.pay_again')}
    </Button>
  );
}

/**
 * After the gateway sends the buyer back (`?payment_id=`): ask pay_query until the payment settles (docs/product/buying.md#payment-outcomes).
 * An attempt the buyer canceled at the gateway of an order still open goes straight back to the methods
 * (`onCanceled`); the other outcomes are shown here.
 */
function PaymentResult({ order, paymentId, onCanceled }: { order: Order; paymentId: number; onCanceled: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paymentCompleted = usePaymentCompleted();
  const outcomeText = useOutcomeText();
  const [round, setRound] = useState(0);
  const status = usePaymentStatus(order.id, paymentId, round);
  const outcome: PayOutcome | null = status === null ? null : status.data ? outcomeOfStatus(status.data.status) : outcomeOfError(status.error);
  const busyShown = useRef(false);

  const backToMethods = outcome?.kind === 'canceled' && isUnpaid(order);
  useEffect(() => {
    if (outcome?.kind === 'complete') {
      paymentCompleted();
      navigate(paths.orderComplete(order.id), { replace: true });
    }
    if (backToMethods) onCanceled();
    if (outcome?.kind === 'busy' && !busyShown.current) {
      busyShown.current = true;
      toast.fail(outcomeText(outcome));
    }
  }, [outcome, backToMethods, onCanceled, paymentCompleted, navigate, order.id, outcomeText]);

  const gaveUp = status?.gaveUp ?? false;
  if (!outcome || backToMethods || ((outcome.kind === 'pending' || outcome.kind === 'busy' || outcome.kind === 'complete') && !gaveUp))
    return (
      <Card className="flex flex-col items-center gap-3 p-10 text-center" data-testid="pay-waiting">
        <Spinner className="text-accent [&_svg]:size-8" />
        <p className="text-lg font-semibold text-fg" role="status">
          {t('pay.confirming')}
        </p>
        <p className="text-sm text-muted">{t('pay.confirming_body')}</p>
        {/* A buyer who canceled at the provider returns to an attempt that stays open: after a few tries, offer to pay again. */}
        {(status?.elapsedMs ?? 0) >= PAY_SLOW_AFTER_MS && isUnpaid(order) ? (
          <div className="mt-2 flex flex-col items-center gap-2">
            <p className="text-sm text-muted">{t('pay.slow')}</p>
            <PayAgainButton order={order} variant="secondary" />
          </div>
        ) : null}
      </Card>
    );
  const failedKinds = new Set(['failed', 'canceled']);
  return (
    <Card className="p-6 sm:p-8" data-testid="pay-result" data-outcome={gaveUp ? 'timeout' : outcome.kind}>
      <div className="flex items-start gap-4">
        <span className="grid size-12 shrink-0 place-items-center rounded-full bg-danger/15 text-2xl font-bold text-danger" aria-hidden="true">
          !
        </span>
        <div className="min-w-0">
          <h2 className="text-xl font-bold text-fg">{gaveUp ? t('pay.still_waiting_title') : t(`pay.title_${failedKinds.has(outcome.kind) ? outcome.kind : outcome.kind === 'refunded' ? 'refunded' : 'problem'}`)}</h2>
          <p className="mt-1 text-muted" role="alert">
            {gaveUp ? t('pay.still_waiting') : outcomeText(outcome)}
          </p>
        </div>
      </div>
      <div className="mt-6 flex flex-wrap gap-2">
        {gaveUp ? (
          <Button
            variant="secondary"
            onClick={() => setRound((r) => r + 1)}
          >
            {t('pay.check_again')}
          </Button>
        ) : null}
        {isUnpaid(order) ? (
          <PayAgainButton order={order} />
        ) : null}
        <MyOrdersLink />
      </div>
    </Card>
  );
}

/** An order that can no longer be paid: canceled, expired (shown as canceled, docs/product/buying.md#order-display), with a way back. */
function OrderClosed({ order, expired }: { order: Order; expired: boolean }) {
  const { t } = useTranslation();
  return (
    <Card className="p-6 sm:p-8" data-testid="order-closed" data-expired={expired}>
      <h2 className="text-xl font-bold text-fg">{expired ? t('orders.expired_title') : t('orders.canceled_title')}</h2>
      <p className="mt-1 text-muted">{expired ? t('orders.expired_body', { minutes: order.type === 'seckill' ? 10 : 30 }) : t('orders.canceled_body')}</p>
      <div className="mt-6 flex flex-wrap gap-2">
        <Link to={order.cate === 'game' ? paths.cart : paths.cartOf(order.cate)} className={buttonClass('primary')} data-testid="back-to-cart">
          {t('orders.to_cart')}
        </Link>
        <MyOrdersLink />
      </div>
    </Card>
  );
}

/** /orders/{id}/checkout: the order, the time left to pay, payment methods and Pay; the gateway's return. */
export function CheckoutPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refreshOrder = useRefreshOrder();
  const [params, setParams] = useSearchParams();
  const valid = /^\d{1,15}$/.test(id);
  const q = useQuery({ ...orderQuery(valid ? id : '0'), enabled: valid });
  const order = q.data;
  /** The buyer came back from canceling at the gateway: say so above the methods. */
  const [canceledAttempt, setCanceledAttempt] = useState(false);
  const onCanceled = useCallback(() => {
    setCanceledAttempt(true);
    refreshOrder(id, { withPayments: true });
    setParams({}, { replace: true });
  }, [refreshOrder, id, setParams]);
  const paymentId = Number(params.get('payment_id'));
  const returning = Number.isSafeInteger(paymentId) && paymentId > 0;
  const now = useNowSeconds(!!order && (order.state === 'pending' || order.state === 'in_checkout'));
  const view = order ? orderView(order, now) : null;
  useDocumentTitle(t('pay.title'));

  useEffect(() => {
    if (!valid) navigate(paths.notFound, { replace: true });
    else if (q.isError) {
      const target = errorPageFor(q.error);
      if (target) navigate(target, { replace: true });
    }
  }, [valid, q.isError, q.error, navigate]);

  useEffect(() => {
    if (!order || returning) return;
    if (order.state === 'completed') navigate(paths.orderComplete(order.id), { replace: true });
    else if (order.state === 'in_checkout') {
      // An order still in checkout (a payment under way) is followed from the order list (docs/product/screens.md#routes).
      toast.prompt(t('orders.in_checkout_moved'));
      navigate(paths.orders, { replace: true });
    }
  }, [order, returning, navigate, t]);

  // The window just closed on this clock: ask the server, which cancels and frees the coupon.
  const expiredNow = !!view && view.expired && order?.state !== 'canceled';
  useEffect(() => {
    if (expiredNow && order) refreshOrder(order.id);
  }, [expiredNow, order, refreshOrder]);

  if (!order || !view) return q.isError ? null : <PageSpinner label={t('ui.loading')} />;

  return (
    <div className="mx-auto max-w-6xl px-3 py-6 sm:px-6 sm:py-10" data-testid="checkout-page" data-order-id={order.id}>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{t('pay.title')}</h1>
          <OrderMeta order={order} />
        </div>
        <div className="flex items-center gap-2">
          <OrderStateBadge order={order} view={view} />
          {view.payable && !returning ? (
            <span className="rounded-full bg-accent/10 px-3 py-1 text-sm font-semibold text-accent-strong ring-1 ring-inset ring-accent/30">
              {t('orders.pay_within')} <Countdown deadlineSec={view.deadline} testId="checkout-countdown" />
            </span>
          ) : null}
        </div>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_380px]">
        <div className="min-w-0 space-y-6">
          {returning ? (
            <PaymentResult order={order} paymentId={paymentId} onCanceled={onCanceled} />
          ) : view.state === 'canceled' ? (
            <OrderClosed order={order} expired={view.expired} />
          ) : canceledAttempt && view.payable ? (
            <div className="flex items-start gap-3 rounded-[var(--radius-card)] bg-accent/10 p-4 ring-1 ring-inset ring-accent/30" role="status" data-testid="pay-canceled">
              <span className="grid size-8 shrink-0 place-items-center rounded-full bg-accent/20 font-bold text-accent-strong" aria-hidden="true">
                ×
              </span>
              <div className="min-w-0">
                <p className="font-semibold text-fg">{t('pay.title_canceled')}</p>
                <p className="text-sm text-muted">{t('pay.canceled_choose_again')}</p>
              </div>
            </div>
          ) : null}
          <Card className="px-5 py-2">
            <h2 className="sr-only">{t('orders.items')}</h2>
            <OrderLines order={order} />
          </Card>
          <OrderAddressCard order={order} />
        </div>
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <Card className="space-y-5 p-5" data-testid="checkout-summary">
            <OrderTotals order={order} />
            {view.payable && !returning ? <PayBox order={order} /> : null}
          </Card>
        </aside>
      </div>
    </div>
  );
}
