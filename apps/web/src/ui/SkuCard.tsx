import type { SkuCardData } from '@lantern/contract';
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { formatDate, pickText, useLanguage } from '../lib/localize';
import { cn } from './cn';
import { Cover } from './Cover';
import { BoxIcon, KeyIcon } from './icons';
import { Price } from './Price';

/** What a SKU is delivered as: a platform key (Steam, Epic…), or a physical item for peripherals. */
export function PlatformBadge({ sku, className }: { sku: Pick<SkuCardData, 'key_type' | 'cate'>; className?: string }) {
  const { t } = useTranslation();
  const physical = sku.cate === 'physical' || sku.key_type === null;
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded-md bg-ink-800 px-1.5 py-0.5 text-[11px] font-medium text-muted ring-1 ring-inset ring-ink-700', className)}
      data-testid="platform"
    >
      {physical ? <BoxIcon className="size-3" /> : <KeyIcon className="size-3" />}
      {physical ? t('sku.physical') : t(`sku.key_types.${sku.key_type}`)}
    </span>
  );
}

/** DLC needs its base game; a bundle holds several; a pre-sale is not out yet. */
export function KindBadge({ sku }: { sku: Pick<SkuCardData, 'kind' | 'status'> }) {
  const { t } = useTranslation();
  const label = sku.kind === 'dlc' ? t('sku.kind_dlc') : sku.kind === 'bundle' ? t('sku.kind_bundle') : sku.status === 'pre_sale' ? t('sku.pre_sale') : null;
  if (!label) return null;
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-md px-1.5 py-0.5 text-[11px] font-semibold ring-1 ring-inset',
        sku.kind === 'dlc' ? 'bg-info/10 text-info ring-info/30' : 'bg-accent/10 text-accent ring-accent/30',
      )}
    >
      {label}
    </span>
  );
}

/** The game's name as the card's one link; its ::after covers the whole card, so the card clicks as one. */
function NameLink({ sku, name, className }: { sku: Pick<SkuCardData, 'id'>; name: string; className: string }) {
  return (
    <Link to={paths.sku(sku.id)} className={cn('line-clamp-2 font-semibold text-fg after:absolute after:inset-0 hover:text-accent-strong', className)} data-testid="sku-name">
      {name}
    </Link>
  );
}

function Badges({ sku }: { sku: Pick<SkuCardData, 'key_type' | 'cate' | 'kind' | 'status'> }) {
  return (
    <>
      <PlatformBadge sku={sku} />
      <KindBadge sku={sku} />
    </>
  );
}

export type SkuCardVariant = 'poster' | 'capsule' | 'row' | 'compact';

export interface SkuCardProps {
  /** A full SKU or the card-sized one store blocks carry (contract `skuCard`): a card needs no more. */
  sku: SkuCardData;
  variant?: SkuCardVariant;
  /** Covers above the fold load at once. */
  eager?: boolean;
  /** Extra content under the name (row variant), e.g. "requires the base game". */
  note?: ReactNode;
  /** Content at the end of a row (a remove button): rendered outside the link. */
  action?: ReactNode;
  className?: string;
}

/** A SKU in a list: cover, name in the current language, platform, price with discount. Opens /sku/{id}. */
export function SkuCard({ sku, variant = 'poster', eager, note, action, className }: SkuCardProps) {
  const language = useLanguage();
  const { t } = useTranslation();
  const name = pickText(sku.sku_names, language);
  const edition = pickText(sku.edition, language);
  const priority = eager ? 'eager' : 'lazy';
  const price = <Price listPrice={sku.list_price} salePrice={sku.sale_price} currency={sku.currency} size="sm" />;

  if (variant === 'compact') {
    return (
      <div className={cn('group relative flex items-center gap-3 py-2', className)} data-testid="sku-card" data-sku-id={sku.id}>
        <span className="w-20 shrink-0 overflow-hidden rounded-md sm:w-24">
          <Cover src={sku.sku_covers.horizontal} shape="horizontal" priority={priority} />
        </span>
        <Link to={paths.sku(sku.id)} className="min-w-0 flex-1 truncate text-sm font-medium text-fg after:absolute after:inset-0 group-hover:text-accent-strong" data-testid="sku-name">
          {name}
        </Link>
        <Price listPrice={sku.list_price} salePrice={sku.sale_price} currency={sku.currency} size="sm" className="shrink-0" />
      </div>
    );
  }

  if (variant === 'row') {
    // Phone: cover | name, badges / price and action under them. Wider: cover | name, badges | price | action.
    return (
      <div
        className={cn(
          'group relative grid grid-cols-[7rem_minmax(0,1fr)] items-center gap-x-3 rounded-xl bg-ink-850/80 p-2 ring-1 ring-ink-700 transition hover:bg-ink-800 hover:ring-ink-600 sm:grid-cols-[11rem_minmax(0,1fr)_auto_auto] sm:gap-x-4',
          className,
        )}
        data-testid="sku-card"
        data-sku-id={sku.id}
      >
        <div className="row-span-2 overflow-hidden rounded-lg sm:row-span-1">
          <Cover src={sku.sku_covers.horizontal} shape="horizontal" priority={priority} />
        </div>
        <div className="min-w-0">
          <NameLink sku={sku} name={name} className="after:rounded-xl sm:text-[15px]" />
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5 text-xs text-muted">
            <Badges sku={sku} />
            {edition ? <span className="truncate">{edition}</span> : null}
            {sku.released_at_timestamp ? (
              <span className="hidden sm:inline">
                {sku.status === 'pre_sale' ? t('sku.releases_on', { date: formatDate(sku.released_at_timestamp, language) }) : formatDate(sku.released_at_timestamp, language)}
              </span>
            ) : null}
          </div>
          {note ? <div className="mt-1.5 text-xs">{note}</div> : null}
        </div>
        <div className="mt-2 flex items-center justify-between gap-2 sm:contents">
          {price}
          {action ? <div className="relative z-10 shrink-0">{action}</div> : null}
        </div>
      </div>
    );
  }

  const vertical = variant === 'poster';
  return (
    <div className={cn('group relative flex flex-col', className)} data-testid="sku-card" data-sku-id={sku.id}>
      <div className="overflow-hidden rounded-xl bg-ink-800 ring-1 ring-ink-700 transition duration-200 group-hover:-translate-y-0.5 group-hover:shadow-[0_12px_30px_-12px_rgb(0_0_0/0.8)] group-hover:ring-accent/60">
        <Cover src={vertical ? sku.sku_covers.vertical : sku.sku_covers.horizontal} shape={vertical ? 'vertical' : 'horizontal'} priority={priority} className="transition duration-300 group-hover:scale-[1.03]" />
      </div>
      <div className="mt-2 flex min-w-0 flex-1 flex-col gap-1.5">
        <NameLink sku={sku} name={name} className="text-sm leading-snug" />
        <div className="flex flex-wrap items-center gap-1">
          <Badges sku={sku} />
        </div>
        {sku.status === 'pre_sale' && sku.released_at_timestamp ? (
          <p className="text-xs text-accent-strong">{t('sku.releases_on', { date: formatDate(sku.released_at_timestamp, language) })}</p>
        ) : null}
        <div className="mt-auto pt-0.5">{price}</div>
      </div>
    </div>
  );
}

/** A list of SKU cards, one item each, in `variant`; the first `eager` of them load their covers at once. */
export function SkuCards({ skus, variant, note, eager = 0, ...list }: { skus: SkuCardData[]; variant?: SkuCardVariant; note?: ReactNode; eager?: number } & HTMLAttributes<HTMLUListElement>) {
  return (
    <ul {...list}>
      {skus.map((s, i) => (
        <li key={s.id}>
          <SkuCard sku={s} variant={variant} note={note} eager={i < eager} />
        </li>
      ))}
    </ul>
  );
}
