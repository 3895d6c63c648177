import type { SkuDetail } from '@lantern/contract';
import { isFreeToGet } from '@lantern/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { isApiError } from '../../../lib/api';
import { cartErrorText, cartQuery, stationName, useAddToCart } from '../../../lib/cart';
import { useMe, useWhenSignedIn } from '../../../lib/session';
import { useSite } from '../../../lib/site';
import { Button, buttonClass } from '../../../ui/Button';
import { CartIcon } from '../../../ui/icons';
import { toast } from '../../../ui/toastStore';
import { useGetFree } from '../api/getFree';

/** On sale or pre-sale: the SKUs the purchase box offers to buy. */
export const isPurchasable = (sku: Pick<SkuDetail, 'status' | 'support_cash_pay' | 'can_points_pay'>) =>
  (sku.status === 'sale' || sku.status === 'pre_sale') && (sku.support_cash_pay || sku.can_points_pay);

/**
 * The purchase box's buttons: "Add to cart" (PATCH /api/cart, the header count follows) and "Buy now" (a
 * one-click order through /transition → checkout); a free game has "Get it" instead (GetFreeButton). A guest
 * is asked to sign in first.
 */
export function BuyButtons({ sku }: { sku: SkuDetail }) {
  if (isPurchasable(sku) && sku.cate !== 'physical' && isFreeToGet(sku)) return <GetFreeButton sku={sku} />;
  return <PaidBuyButtons sku={sku} />;
}

/**
 * A free game (docs/product/buying.md#free-orders): "Get it" takes it into the library in one step — no cart,
 * no checkout — then a toast confirms and the button gives way to a link to the library. Already owned is
 * answered the same way: the game is there.
 */
function GetFreeButton({ sku }: { sku: SkuDetail }) {
  const { t } = useTranslation();
  const whenSignedIn = useWhenSignedIn();
  const get = useGetFree();
  const [owned, setOwned] = useState(false);
  const take = () => whenSignedIn(() =>
    get.mutate(sku, {
      onSuccess: () => {
        setOwned(true);
        toast.success(t('sku.got_free'));
      },
      onError: (e) => {
        if (isApiError(e) && e.status === 401) return;
        if (isApiError(e) && e.has('sku', 'owned')) return setOwned(true);
        toast.fail(t('sku.get_free_failed'));
      },
    }));
  if (owned) {
    return (
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-success/10 px-3 py-2" data-testid="got-free">
        <span className="text-sm font-medium text-fg">{t('sku.in_library')}</span>
        <Link to={paths.library} className={buttonClass('secondary', 'sm')} data-testid="to-library">
          {t('sku.to_library')}
        </Link>
      </div>
    );
  }
  return (
    <div className="mt-4" data-testid="buy-buttons">
      <Button size="lg" className="w-full" onClick={take} loading={get.isPending} data-testid="get-free">
        {t('sku.get_free')}
      </Button>
      <p className="mt-2 text-xs text-muted">{t('sku.get_free_note')}</p>
    </div>
  );
}

function PaidBuyButtons({ sku }: { sku: SkuDetail }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const site = useSite();
  const navigate = useNavigate();
  const add = useAddToCart();
  const whenSignedIn = useWhenSignedIn();
  const cart = useQuery({ ...cartQuery(), enabled: !!me });
  // A refusal that names what to do next (a DLC's base game) stays next to the button, not in a passing toast.
  const [needsBase, setNeedsBase] = useState(false);
  if (!isPurchasable(sku)) return null;
  const physical = sku.cate === 'physical';
  const inCart = cart.data?.cart_skus.some((l) => l.sku_id === sku.id) ?? false;
  const preSale = sku.status === 'pre_sale';

  const addToCart = () => whenSignedIn(() =>
    add.mutate(
      { skuId: sku.id, physical },
      {
        onSuccess: ({ already }) => {
          setNeedsBase(false);
          toast.success(already ? t('cart.already_in_cart') : t('cart.added'));
        },
        onError: (e) => {
          if (isApiError(e) && e.status === 401) return;
          if (isApiError(e) && e.has('sku_id', 'has_no_base')) return setNeedsBase(true);
          toast.fail(cartErrorText(t, e, stationName(t, site.area)));
        },
      },
    ));
  const buyNow = () => whenSignedIn(() => navigate(paths.cartConfirm({ skuIds: [sku.id], cate: sku.cate, type: 'one_click', from: paths.sku(sku.id) })));

  return (
    <>
    <div className="mt-4 grid grid-cols-2 gap-2" data-testid="buy-buttons">
      <Button size="lg" onClick={buyNow} data-testid="buy-now">
        {preSale ? t('sku.pre_order_now') : t('sku.buy_now')}
      </Button>
      {inCart && !physical ? (
        <Link to={paths.cartOf(sku.cate)} className={buttonClass('secondary', 'lg')} data-testid="in-cart">
          <CartIcon className="size-5" />
          {t('sku.in_cart')}
        </Link>
      ) : (
        <Button size="lg" variant="secondary" onClick={addToCart} loading={add.isPending} data-testid="add-to-cart">
          <CartIcon className="size-5" />
          {t('sku.add_to_cart')}
        </Button>
      )}
    </div>
    {needsBase ? (
      <p role="alert" className="mt-2 rounded-lg bg-danger/10 p-3 text-sm text-danger ring-1 ring-inset ring-danger/30" data-testid="cart-needs-base">
        {t('cart.needs_base')}
        {sku.base_sku ? (
          <>
            {' '}
            <Link to={paths.sku(sku.base_sku.id)} className="font-semibold underline underline-offset-4">
              {t('cart.see_base_game')}
            </Link>
          </>
        ) : null}
      </p>
    ) : null}
    </>
  );
}
