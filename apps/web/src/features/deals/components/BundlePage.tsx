import type { BundleActivity, BundlePoolGameView } from '@lantern/contract';
import { bundlePickProblem, bundleRegularPrice, bundleRegularPrices, bundleSaving } from '@lantern/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { formatDate, pickText, useLanguage } from '../../../lib/localize';
import { describeOrderFailure, isPurchaseBlocked, orderFailureData } from '../../../lib/orderErrors';
import { useWhenSignedIn } from '../../../lib/session';
import { useSite } from '../../../lib/site';
import { Button } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import { Cover } from '../../../ui/Cover';
import { Money } from '../../../ui/Money';
import { Price } from '../../../ui/Price';
import { useBundle, useBundleHoldings, useOrderBundle } from '../api/bundles';
import { PageTitle } from '../../../ui/PageTitle';
import { ReadPage } from '../../../ui/ReadPage';

/** Reasons the bundle call itself answers (the pick, the activity), in the page's own words. */
const BUNDLE_REASONS = new Set(['pick_count', 'not_in_pool', 'duplicate', 'inactive']);

function PoolCard({ game, checked, disabled, held, problems, onToggle }: {
  game: BundlePoolGameView; checked: boolean; disabled: boolean; held: string | null; problems: string[]; onToggle: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const sku = game.sku!;
  const name = pickText(sku.sku_names, language);
  const edition = pickText(sku.edition, language);
  const inputId = `bundle-game-${game.id}`;
  return (
    <li
      className={cn('relative flex flex-col overflow-hidden rounded-xl bg-ink-900 ring-1 transition', checked ? 'ring-2 ring-accent' : 'ring-ink-700', disabled && 'opacity-60')}
      data-testid="bundle-game"
      data-sku-id={game.id}
    >
      <label htmlFor={inputId} className={cn('flex flex-1 flex-col', disabled ? 'cursor-not-allowed' : 'cursor-pointer')}>
        <Cover src={sku.sku_covers.horizontal} shape="horizontal" />
        <span className="flex flex-1 flex-col gap-1 p-3">
          <span className="flex items-start gap-2">
            <input
              id={inputId}
              type="checkbox"
              checked={checked}
              disabled={disabled}
              onChange={onToggle}
              aria-describedby={held ? `${inputId}-held` : undefined}
              className="mt-1 size-4 shrink-0 accent-accent"
            />
            <span className="min-w-0">
              <span className="block truncate text-sm font-semibold text-fg">{name}</span>
              {edition ? <span className="block text-xs text-muted">{edition}</span> : null}
            </span>
          </span>
          {held ? (
            <span id={`${inputId}-held`} className="text-xs font-medium text-info" data-testid="bundle-game-held">
              {held}
            </span>
          ) : null}
          <Price listPrice={sku.list_price} salePrice={sku.sale_price} currency={sku.currency} size="sm" className="mt-auto pt-1" />
        </span>
      </label>
      <Link to={paths.sku(sku.id)} className="border-t border-ink-800 px-3 py-1.5 text-xs text-muted hover:text-accent-strong">
        {t('deals.bundle.view_game')}
        <span className="sr-only"> {name}</span>
      </Link>
      {problems.length > 0 ? (
        <p className="px-3 pb-2 text-xs text-danger" data-testid="bundle-game-problem">
          {problems.join(' ')}
        </p>
      ) : null}
    </li>
  );
}

function BundleBody({ activity }: { activity: BundleActivity }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const site = useSite();
  const navigate = useNavigate();
  const whenSignedIn = useWhenSignedIn();
  const order = useOrderBundle();
  const [picked, setPicked] = useState<number[]>([]);
  const [failure, setFailure] = useState<{ general: string[]; perSku: Record<number, string[]> } | null>(null);
  const games = activity.game_pool.games.filter((g) => g.sku !== null);
  const live = activity.status === 'current' && !activity.closed;
  const problem = bundlePickProblem(picked, activity.pick_count, games);
  const full = picked.length >= activity.pick_count;
  const pickedGames = games.filter((g) => picked.includes(g.id));
  // The same regular price checkout shows as the order's list amount (one domain rule for both).
  const regular = bundleRegularPrices(pickedGames.map((g) => g.sku!));
  const regularSum = bundleRegularPrice(pickedGames.map((g) => g.sku!));
  const holdings = useBundleHoldings(activity.id);
  const heldReason = (id: number): string | null => {
    if (holdings.data?.owned_game_ids.includes(id)) return t('deals.bundle.reasons.owned');
    if (holdings.data?.locked_game_ids.includes(id)) return t('deals.bundle.reasons.locked');
    return null;
  };

  const toggle = (id: number) => {
    setFailure(null);
    setPicked((now) => (now.includes(id) ? now.filter((x) => x !== id) : now.length < activity.pick_count ? [...now, id] : now));
  };

  const submit = () => {
    if (problem) return;
    whenSignedIn(() =>
    order.mutate(
      { id: activity.id, gameIds: picked },
      {
        onSuccess: ({ id }) => {
          // The international site pays on its own host: a full navigation, so checkout starts from a fresh page there.
          if (site.area === 'abroad') window.location.assign(new URL(paths.checkout(id), window.location.origin).href);
          else navigate(paths.checkout(id));
        },
        onError: (error) => {
          const data = orderFailureData(error);
          if (isPurchaseBlocked(data)) return void navigate(paths.ipError);
          const own = Object.entries(data.errors).filter(([field]) => field === 'game_ids' || field === 'bundle').flatMap(([, rs]) => rs);
          const rest = { ...data, errors: Object.fromEntries(Object.entries(data.errors).filter(([field]) => field !== 'game_ids' && field !== 'bundle')) };
          const described = describeOrderFailure(t, rest, picked);
          const general = [...own.filter((r) => BUNDLE_REASONS.has(r)).map((r) => t(`deals.bundle.reasons.${r}`, { count: activity.pick_count })), ...described.general];
          // The order game lock and ownership read in the bundle's words next to each game.
          const perSku: Record<number, string[]> = {};
          for (const [id, reasons] of Object.entries(data.skus)) perSku[Number(id)] = reasons.map((r) => (r === 'locked' ? t('deals.bundle.reasons.locked') : r === 'duplicate' ? t('deals.bundle.reasons.duplicate') : described.perSku[Number(id)]?.[0] ?? r));
          setFailure({ general: general.length > 0 ? general : [t('errors.server_error')], perSku });
        },
      },
    ));
  };

  return (
    <div className="mx-auto max-w-7xl px-4 pb-32 pt-5 sm:px-6 sm:pt-8" data-testid="bundle-page" data-bundle-id={activity.id}>
      <nav aria-label={t('sku.breadcrumb')} className="mb-3 text-sm text-muted">
        <Link to={paths.bundles} className="hover:text-fg">
          {t('deals.bundles_title')}
        </Link>
      </nav>
      <PageTitle title={pickText(activity.title, language)} />
      <p className="mt-1 text-sm text-muted">
        {t('deals.bundle.rule', { count: activity.pick_count })} <Money amount={activity.price} currency={activity.currency} className="font-bold text-accent" />
        {' · '}
        {t('deals.ends_on', { date: formatDate(activity.to_timestamp, language) })}
      </p>
      {!live ? (
        <p role="status" className="mt-4 rounded-lg bg-ink-850 p-3 text-sm text-muted ring-1 ring-ink-700">
          {activity.status === 'not_start' ? t('deals.not_started') : t('deals.ended')}
        </p>
      ) : null}

      <fieldset className="mt-6">
        <legend className="mb-3 text-base font-semibold text-fg">{t('deals.bundle.choose', { count: activity.pick_count })}</legend>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {games.map((g) => (
            <PoolCard
              key={g.id}
              game={g}
              checked={picked.includes(g.id)}
              held={heldReason(g.id)}
              disabled={!live || (heldReason(g.id) !== null && !picked.includes(g.id)) || (full && !picked.includes(g.id))}
              problems={failure?.perSku[g.id] ?? []}
              onToggle={() => toggle(g.id)}
            />
          ))}
        </ul>
      </fieldset>

      <div className="fixed inset-x-0 bottom-0 z-20 border-t border-ink-800 bg-ink-950/95 backdrop-blur" data-testid="bundle-summary">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <div className="min-w-0">
            <p className="text-sm font-semibold text-fg" aria-live="polite" data-testid="bundle-picked">
              {t('deals.bundle.picked', { count: picked.length, total: activity.pick_count })}
            </p>
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <Money amount={activity.price} currency={activity.currency} className="text-lg font-bold text-accent" testId="bundle-price" />
              {regularSum > 0 ? (
                <>
                  <s className="text-subtle">
                    <span className="sr-only">{t('deals.bundle.regular')} </span>
                    <Money amount={regularSum} currency={activity.currency} testId="bundle-regular" />
                  </s>
                  {bundleSaving(activity.price, regular) > 0 && picked.length === activity.pick_count ? (
                    <span className="text-success">
                      {t('deals.bundle.saving')} <Money amount={bundleSaving(activity.price, regular)} currency={activity.currency} />
                    </span>
                  ) : null}
                </>
              ) : null}
            </p>
            {problem === 'duplicate' ? <p className="text-xs text-danger">{t('deals.bundle.reasons.duplicate')}</p> : null}
          </div>
          <Button onClick={submit} loading={order.isPending} disabled={!live || problem !== null} data-testid="bundle-order">
            {t('deals.bundle.order')}
          </Button>
        </div>
        {failure && failure.general.length > 0 ? (
          <div role="alert" className="mx-auto max-w-7xl px-4 pb-3 text-sm text-danger sm:px-6" data-testid="bundle-error">
            {failure.general.map((m) => (
              <p key={m}>{m}</p>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** /bundles/{id}: pick N games of the pool, see the bundle price against their regular prices, and order. */
export function BundlePage() {
  const { id = '' } = useParams();
  return (
    <ReadPage read={useBundle(id)} title={(b) => b.title}>
      {(b) => <BundleBody key={b.id} activity={b} />}
    </ReadPage>
  );
}
