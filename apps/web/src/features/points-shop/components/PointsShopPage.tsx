import { pointRedeemRefusal, type PointRedeemRefusal } from '@lantern/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { errorToText } from '../../../lib/errors';
import { formatDate, pickText, useLanguage } from '../../../lib/localize';
import { useMe } from '../../../lib/session';
import { openSignIn } from '../../../lib/signInStore';
import { useSite } from '../../../lib/site';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button } from '../../../ui/Button';
import { Cover } from '../../../ui/Cover';
import { EmptyState } from '../../../ui/EmptyState';
import { GiftIcon, StarIcon } from '../../../ui/icons';
import { Modal } from '../../../ui/Modal';
import { formatMoney } from '../../../ui/Money';
import { PageSpinner } from '../../../ui/Spinner';
import { FormAlert } from '../../../ui/TextField';
import { toast } from '../../../ui/toastStore';
import { usePointRedeems, type PointRedeem } from '../api/pointRedeems';
import { usePointsOrder, useRedeemPoints, type PointRedeemResult } from '../api/redeemPoints';
import { DealsNav } from '../../../ui/DealsNav';

/** The picture of an item: a game's wide cover, or the drawn cover of a coupon. */
function coverOf(r: PointRedeem): string {
  if (r.sku) return r.sku.sku_covers.horizontal;
  return r.cover.includes('?') ? r.cover : `${r.cover}?shape=horizontal`;
}

/** Why the button is off for this viewer, in words; null when the item can be redeemed now. */
function refusalText(t: ReturnType<typeof useTranslation>['t'], refusal: PointRedeemRefusal | null, r: PointRedeem, language: string): string | null {
  if (!refusal) return null;
  switch (refusal.reason) {
    case 'no_inventory':
      return t('points_shop.sold_out');
    case 'exceed_limit':
      return t('points_shop.limit_reached');
    case 'not_in_period':
      return t('points_shop.starts', { date: formatDate(r.from_timestamp, language) });
    case 'inactive':
      return t('points_shop.ended');
    case 'no_grade_left':
      return t('points_shop.missing', { count: refusal.missing });
  }
}

function ItemCard({ r, score, redeemed, nowSec, onRedeem, onOrder, ordering }: {
  r: PointRedeem;
  score: number | null;
  redeemed: number;
  nowSec: number;
  onRedeem: (r: PointRedeem) => void;
  onOrder: (r: PointRedeem) => void;
  ordering: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const site = useSite();
  const signedIn = score !== null;
  // The same rule the server applies (packages/domain points-shop.ts); a guest is judged on everything but points.
  const refusal = pointRedeemRefusal(
    { from_timestamp: r.from_timestamp, to_timestamp: r.to_timestamp, closed: r.closed, points: r.points, left_count: r.left_count, per_account_limit: r.per_account_limit, redeemed, score: score ?? r.points },
    nowSec,
  );
  const blocked = refusalText(t, refusal, r, language);
  const title = pickText(r.title, language);
  return (
    <li id={`redeem-${r.id}`} className="flex scroll-mt-20 flex-col overflow-hidden rounded-[var(--radius-card)] bg-ink-850 ring-1 ring-ink-700" data-testid="point-redeem" data-id={r.id}>
      <div className="relative">
        <Cover src={coverOf(r)} shape="horizontal" alt="" />
        <span className="absolute left-2 top-2 rounded bg-black/70 px-2 py-0.5 text-[11px] font-semibold text-fg">
          {t(r.type === 'sku' ? 'points_shop.kind_key' : 'points_shop.kind_coupon')}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <h2 className="line-clamp-2 font-semibold text-fg">{title}</h2>
        {r.coupon ? (
          <p className="text-sm text-muted">
            {r.coupon.discount_type === 'percentage'
              ? t('points_shop.coupon_percent', { value: r.coupon.value })
              : t('points_shop.coupon_amount', { amount: formatMoney(r.coupon.value, site.currency, language) })}
            {r.coupon.minimum_order > 0 ? ` · ${t('coupons.minimum', { amount: formatMoney(r.coupon.minimum_order, site.currency, language) })}` : ` · ${t('coupons.no_minimum')}`}
          </p>
        ) : null}
        <p className="flex items-baseline gap-2">
          <span className="text-xl font-black tabular-nums text-accent" data-testid="point-redeem-points">{t('points_shop.points', { count: r.points })}</span>
          {r.list_points > r.points ? (
            <s className="text-sm tabular-nums text-subtle" aria-label={t('points_shop.list_points_label', { count: r.list_points })}>
              {t('points_shop.points', { count: r.list_points })}
            </s>
          ) : null}
        </p>
        <p className="text-xs text-muted">
          {r.left_count > 0 ? t('points_shop.left', { count: r.left_count }) : t('points_shop.sold_out')}
          {r.per_account_limit !== null ? ` · ${t('points_shop.limit', { count: r.per_account_limit })}` : ''}
        </p>
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
          {!signedIn ? (
            <Button size="sm" onClick={() => openSignIn()} disabled={blocked !== null} data-testid="point-redeem-button">
              {blocked ?? t('points_shop.sign_in_to_redeem')}
            </Button>
          ) : (
            <Button size="sm" onClick={() => onRedeem(r)} disabled={blocked !== null} data-testid="point-redeem-button">
              {blocked ?? t('points_shop.redeem')}
            </Button>
          )}
          {signedIn && r.type === 'sku' && blocked === null ? (
            <Button size="sm" variant="ghost" loading={ordering} onClick={() => onOrder(r)} data-testid="point-redeem-order">
              {t('points_shop.order_with_points')}
            </Button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/** What the last redemption gave, with where to find it. */
function Result({ result, onClose }: { result: PointRedeemResult; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const isCoupon = result.point_redeem.type === 'coupon';
  return (
    <div role="status" className="mb-6 flex flex-col gap-2 rounded-xl bg-success/10 p-4 ring-1 ring-success/40 sm:flex-row sm:items-center sm:justify-between" data-testid="point-redeem-result">
      <p className="text-sm text-fg">
        {t(isCoupon ? 'points_shop.got_coupon' : 'points_shop.got_key', { name: pickText(result.point_redeem.title, language) })}
      </p>
      <div className="flex gap-3 text-sm">
        <Link to={isCoupon ? paths.coupons : paths.gameKeys} className="font-semibold text-accent hover:underline">
          {t(isCoupon ? 'points_shop.see_coupons' : 'points_shop.see_keys')}
        </Link>
        <button type="button" className="text-muted hover:text-fg" onClick={onClose}>
          {t('ui.close')}
        </button>
      </div>
    </div>
  );
}

/** /points-shop: game keys and coupons for points (docs/product/deals.md#points-shop). */
export function PointsShopPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const { data: me } = useMe();
  useDocumentTitle(t('points_shop.title'));
  const shop = usePointRedeems();
  const [confirming, setConfirming] = useState<PointRedeem | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<PointRedeemResult | null>(null);
  const redeem = useRedeemPoints({
    onSuccess: (res) => {
      setConfirming(null);
      setResult(res);
      toast.success(t('points_shop.redeemed'));
    },
    onError: (e) => setProblem(errorToText(t, e)),
  });
  const order = usePointsOrder({
    onSuccess: (res) => navigate(paths.checkout(res.id)),
    onError: (e) => toast.fail(errorToText(t, e)),
  });
  const nowSec = Math.floor(Date.now() / 1000);
  // The home's draws link to one item (#redeem-{id}): brought into view once the list is there.
  const { hash } = useLocation();
  const loaded = shop.isSuccess;
  useEffect(() => {
    if (loaded && hash.startsWith('#redeem-')) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'center' });
  }, [loaded, hash]);

  if (shop.isPending) return <PageSpinner label={t('ui.loading')} />;
  const data = shop.data;
  // A guest's list is the one asked before signing in: until it is refetched, show no balance.
  const score = me && data ? data.score : null;
  const counts = new Map((data?.redeemed ?? []).map((c) => [c.point_redeem_id, c.count]));
  return (
    <div className="mx-auto max-w-7xl px-4 pb-10 pt-6 sm:px-6" data-testid="points-shop">
      <DealsNav />
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{t('points_shop.title')}</h1>
          <p className="mt-1 text-sm text-muted">{t('points_shop.subtitle')}</p>
        </div>
        {score !== null ? (
          <Link to={paths.points} className="flex items-center gap-3 rounded-xl bg-ink-850 px-4 py-3 ring-1 ring-ink-700 hover:ring-accent/50" data-testid="points-balance">
            <StarIcon className="size-5 text-accent" />
            <span>
              <span className="block text-xs text-muted">{t('points_shop.balance')}</span>
              <span className="text-xl font-bold tabular-nums text-fg" data-testid="points-balance-value">{score.toLocaleString(language)}</span>
            </span>
          </Link>
        ) : (
          <Button variant="secondary" onClick={() => openSignIn()}>
            {t('points_shop.sign_in_for_balance')}
          </Button>
        )}
      </div>
      {result ? <Result result={result} onClose={() => setResult(null)} /> : null}
      {shop.isError || !data ? (
        <FormAlert>{errorToText(t, shop.error)}</FormAlert>
      ) : data.point_redeems.length === 0 ? (
        <EmptyState icon={<GiftIcon className="size-6" />} title={t('points_shop.empty')} body={t('points_shop.empty_body')} />
      ) : (
        <ul className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {data.point_redeems.map((r) => (
            <ItemCard
              key={r.id}
              r={r}
              score={score}
              redeemed={counts.get(r.id) ?? 0}
              nowSec={nowSec}
              ordering={order.isPending && order.variables === r.id}
              onRedeem={(item) => {
                setProblem(null);
                setConfirming(item);
              }}
              onOrder={(item) => order.mutate(item.id)}
            />
          ))}
        </ul>
      )}
      <Modal
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={t('points_shop.confirm_title')}
        description={confirming ? t('points_shop.confirm_body', { name: pickText(confirming.title, language), count: confirming.points }) : undefined}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              {t('ui.cancel')}
            </Button>
            <Button loading={redeem.isPending} onClick={() => confirming && redeem.mutate(confirming.id)} data-testid="point-redeem-confirm">
              {t('points_shop.confirm')}
            </Button>
          </>
        }
      >
        {confirming && score !== null ? (
          <p className="text-sm text-muted">{t('points_shop.after', { count: Math.max(0, score - confirming.points) })}</p>
        ) : null}
        {problem ? <div className="mt-3"><FormAlert>{problem}</FormAlert></div> : null}
      </Modal>
    </div>
  );
}
