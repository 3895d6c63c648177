import { useQuery } from '@tanstack/react-query';
import type { Order } from '@lantern/contract';
import { isSameOriginPath } from '@lantern/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { isApiError } from '../../../lib/api';
import type { ProductCate } from '../../../lib/cart';
import { describeOrderFailure, isPurchaseBlocked, orderFailureData, type OrderFailureData } from '../../../lib/orderErrors';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { cn } from '../../../ui/cn';
import { EmptyState } from '../../../ui/EmptyState';
import { PinIcon } from '../../../ui/icons';
import { Spinner } from '../../../ui/Spinner';
import { ReasonsAlert } from '../../../ui/TextField';
import { addressesQuery } from '../../../lib/addresses';
import { useCreateOrder } from '../api/createOrder';

export interface ConfirmRequest {
  skuIds: number[];
  cate: ProductCate;
  type: 'cart' | 'one_click';
  couponId: number | null;
  from: string | null;
}

/** Reads /transition?type=cart_confirm&cate=…&sku_ids=1,2[&coupon_id=…][&order_type=one_click][&from=/sku/1]. */
export function parseConfirm(params: URLSearchParams): ConfirmRequest | null {
  if (params.get('type') !== 'cart_confirm') return null;
  const cate = params.get('cate');
  if (cate !== 'game' && cate !== 'virtual' && cate !== 'physical') return null;
  const skuIds = (params.get('sku_ids') ?? '')
    .split(',')
    .map((s) => Number(s))
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  if (skuIds.length === 0 || skuIds.length > 50) return null;
  const coupon = Number(params.get('coupon_id'));
  const from = params.get('from');
  return {
    skuIds: [...new Set(skuIds)],
    cate,
    type: params.get('order_type') === 'one_click' ? 'one_click' : 'cart',
    couponId: Number.isSafeInteger(coupon) && coupon > 0 ? coupon : null,
    // Only a path of this site may be a way back.
    from: isSameOriginPath(from) ? from : null,
  };
}

/** One order per visit of the page (a re-render or React's double effect must not order twice). */
const inFlight = new Map<string, Promise<Order>>();

function AddressChoice({ onConfirm, busy }: { onConfirm: (addressId: number) => void; busy: boolean }) {
  const { t } = useTranslation();
  const q = useQuery(addressesQuery);
  const [picked, setPicked] = useState<number | null>(null);
  const list = q.data?.detailed_addresses ?? [];
  const chosen = picked ?? list.find((a) => a.is_default)?.id ?? list[0]?.id ?? null;
  if (q.isPending) return <Spinner label={t('ui.loading')} />;
  if (list.length === 0)
    return (
      <EmptyState
        icon={<PinIcon className="size-6" />}
        title={t('orders.no_address_title')}
        body={t('orders.no_address_body')}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Link to={paths.addresses} className={buttonClass('primary')}>
              {t('orders.add_address')}
            </Link>
            <Link to={paths.cartOf('physical')} className={buttonClass('secondary')}>
              {t('orders.to_cart')}
            </Link>
          </div>
        }
      />
    );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen) onConfirm(chosen);
      }}
    >
      <fieldset>
        <legend className="mb-3 font-semibold text-fg">{t('orders.ship_to')}</legend>
        <ul className="space-y-2" data-testid="address-choice">
          {list.map((a) => (
            <li key={a.id}>
              <label className={cn('flex cursor-pointer items-start gap-3 rounded-xl bg-ink-900 p-3 ring-inset', chosen === a.id ? 'ring-2 ring-accent' : 'ring-1 ring-ink-700 hover:ring-accent/60')}>
                <input type="radio" name="address" className="mt-1 size-4 accent-[var(--color-accent)]" checked={chosen === a.id} onChange={() => setPicked(a.id)} />
                <span className="min-w-0 text-sm">
                  <span className="font-semibold text-fg">
                    {a.name} · {a.phone_number}
                  </span>
                  {a.is_default ? <span className="ml-2 rounded bg-accent/15 px-1.5 py-0.5 text-[11px] font-bold text-accent">{t('addresses.default')}</span> : null}
                  <span className="block text-muted">{[a.prov?.name, a.city?.name, a.area?.name, a.region_text, a.address, a.postcode].filter(Boolean).join(' ')}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
        <Link to={paths.addresses} className="text-sm text-accent hover:underline">
          {t('orders.manage_addresses')}
        </Link>
        <Button type="submit" size="lg" loading={busy} disabled={!chosen} data-testid="place-order">
          {t('orders.place_order')}
        </Button>
      </div>
    </form>
  );
}

/**
 * /transition?type=cart_confirm (docs/product/screens.md#transition): turns the selected cart lines, or a one-click buy, into an order
 * (POST /api/orders) and lands on its checkout. Physical goods ask where to ship first. A refusal goes back to
 * the cart with every reason shown there (docs/product/buying.md#order-generation), a blocked purchase to /ip_error.
 */
export function TransitionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { mutateAsync: createOrder } = useCreateOrder();
  useDocumentTitle(t('orders.confirming'));
  const request = parseConfirm(params);
  const [addressId, setAddressId] = useState<number | null>(null);
  const [failure, setFailure] = useState<OrderFailureData | null>(null);
  const needsAddress = request?.cate === 'physical' && addressId === null;
  const ready = request !== null && !needsAddress;

  useEffect(() => {
    if (!request) {
      navigate(paths.cart, { replace: true });
      return;
    }
    if (!ready) return;
    const key = `${location.key}:${addressId ?? ''}`;
    let promise = inFlight.get(key);
    if (!promise) {
      promise = createOrder({
        sku_ids: request.skuIds,
        cate: request.cate,
        type: request.type,
        ...(request.couponId ? { coupon_ids: [request.couponId] } : {}),
        ...(addressId ? { address_id: addressId } : {}),
      });
      inFlight.set(key, promise);
    }
    let live = true;
    promise.then(
      (order) => {
        // Nothing to pay (free games, a coupon covering all): the order completed as it was placed, so no payment page.
        if (live) navigate(order.state === 'completed' ? paths.orderComplete(order.id) : paths.checkout(order.id), { replace: true });
      },
      (e: unknown) => {
        if (!live) return;
        inFlight.delete(key);
        const data = orderFailureData(e);
        if (isPurchaseBlocked(data)) navigate(paths.ipError, { replace: true });
        else if (isApiError(e) && e.status === 401) setFailure(data);
        else if (request.type === 'cart') navigate(paths.cartOf(request.cate), { replace: true, state: { orderFailure: data } });
        else setFailure(data);
      },
    );
    return () => {
      live = false;
    };
    // The request is read from the URL; the location key changes when it does.
  }, [ready, location.key, addressId]);

  if (!request) return null;
  const text = failure ? describeOrderFailure(t, failure) : null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:py-16" data-testid="transition-page">
      {text ? (
        <Card className="p-6" data-testid="order-failure">
          <h1 className="text-xl font-bold text-fg">{t('orders.create_failed')}</h1>
          <div className="mt-4">
            <ReasonsAlert reasons={text.general} />
          </div>
          <div className="mt-6 flex flex-wrap gap-2">
            {request.from ? (
              <Link to={request.from} className={buttonClass('secondary')}>
                {t('orders.back')}
              </Link>
            ) : null}
            <Link to={paths.cartOf(request.cate)} className={buttonClass('primary')}>
              {t('orders.to_cart')}
            </Link>
          </div>
        </Card>
      ) : needsAddress ? (
        <Card className="p-6">
          <h1 className="mb-5 text-xl font-bold text-fg">{t('orders.confirm_title')}</h1>
          <AddressChoice onConfirm={setAddressId} busy={false} />
        </Card>
      ) : (
        <div className="flex flex-col items-center gap-4 py-16 text-center text-muted" role="status">
          <Spinner className="[&_svg]:size-8" />
          <p className="text-lg font-semibold text-fg">{t('orders.confirming')}</p>
          <p className="text-sm">{t('orders.confirming_body')}</p>
        </div>
      )}
    </div>
  );
}
