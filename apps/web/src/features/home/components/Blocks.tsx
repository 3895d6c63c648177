import type { LayoutContent } from '@lantern/contract';
import { capCubes, isSpringboardVisible } from '@lantern/domain';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { useLocalize } from '../../../lib/localize';
import { cn } from '../../../ui/cn';
import { Cover } from '../../../ui/Cover';
import { Price } from '../../../ui/Price';
import { Section } from '../../../ui/Section';
import { Shelf } from '../../../ui/Shelf';
import { SkuCard, SkuCards } from '../../../ui/SkuCard';
import { SmartLink } from '../../../ui/SmartLink';
import { ChevronRight } from '../../../ui/icons';

const nowSec = () => Math.floor(Date.now() / 1000);

/** The spring board (a seasonal event): shown only while the API gives one and until its end (docs/product/catalogue.md#spring-board). */
export function Springboard({ board }: { board: LayoutContent | null }) {
  const { t } = useTranslation();
  const l = useLocalize();
  if (!board || !isSpringboardVisible(board.ended_at_timestamp, nowSec())) return null;
  const days = board.ended_at_timestamp ? Math.max(1, Math.ceil((board.ended_at_timestamp - nowSec()) / 86400)) : null;
  return (
    <section aria-labelledby="home-springboard" className="relative overflow-hidden rounded-2xl bg-ink-900 ring-1 ring-accent/30" data-testid="springboard">
      {board.image ? (
        <div aria-hidden="true" className="absolute inset-0">
          <img src={board.image} alt="" width={1920} height={640} loading="lazy" decoding="async" className="size-full object-cover opacity-40" />
          <div className="absolute inset-0 bg-gradient-to-r from-ink-950 via-ink-950/80 to-ink-950/30" />
        </div>
      ) : null}
      <div className="relative grid grid-cols-[minmax(0,1fr)] gap-5 p-4 sm:p-6 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)] lg:items-center lg:gap-8 lg:p-8">
        <div>
          {days ? (
            <p className="inline-flex items-center gap-1.5 rounded-full bg-accent/15 px-2.5 py-1 text-xs font-semibold text-accent ring-1 ring-inset ring-accent/40">
              {t('home.springboard_ends', { count: days })}
            </p>
          ) : null}
          <h2 id="home-springboard" className="mt-3 text-2xl font-black tracking-tight text-fg sm:text-3xl">
            {l(board.title)}
          </h2>
          {board.subtitle ? <p className="mt-2 text-muted">{l(board.subtitle)}</p> : null}
          {board.link ? (
            <SmartLink to={board.link} className="mt-4 inline-flex items-center gap-1 rounded-lg bg-accent px-4 py-2 text-sm font-bold text-accent-ink hover:bg-accent-strong">
              {t('home.springboard_cta')}
              <ChevronRight className="size-4" />
            </SmartLink>
          ) : null}
        </div>
        {board.skus.length > 0 ? (
          <Shelf label={l(board.title)} itemClassName="w-[40%] sm:w-[24%] lg:w-[19%]">
            {board.skus.map((s) => (
              <SkuCard key={s.id} sku={s} />
            ))}
          </Shelf>
        ) : null}
      </div>
    </section>
  );
}

/** Ellipses: round shortcuts into the catalogue (genres), each a link to its search. */
export function Ellipses({ items }: { items: LayoutContent[] }) {
  const { t } = useTranslation();
  const l = useLocalize();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="home-ellipses" data-testid="ellipses">
      <h2 id="home-ellipses" className="mb-3 text-lg font-bold tracking-tight text-fg sm:text-xl">
        {t('home.ellipses')}
      </h2>
      <ul className="-mx-4 flex gap-3 overflow-x-auto px-4 pb-2 [scrollbar-width:none] sm:mx-0 sm:grid sm:grid-cols-4 sm:overflow-visible sm:px-0 lg:grid-cols-8 [&::-webkit-scrollbar]:hidden">
        {items.map((e) => (
          <li key={e.id} className="shrink-0">
            <SmartLink to={e.link ?? '#'} className="group flex w-20 flex-col items-center gap-2 text-center sm:w-auto" data-testid="ellipse">
              <span className="block size-16 overflow-hidden rounded-full ring-2 ring-ink-700 transition group-hover:ring-accent sm:size-20">
                {e.image ? (
                  <img src={e.image} alt="" width={920} height={430} loading="lazy" decoding="async" className="size-full scale-150 object-cover" />
                ) : (
                  <span className="block size-full bg-ink-800" />
                )}
              </span>
              <span className="text-sm font-medium text-muted group-hover:text-fg">{l(e.title)}</span>
            </SmartLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Booths: themed shelves (deals, new, coming soon) as tabs over one grid, to keep the page calm. */
export function Booths({ booths }: { booths: LayoutContent[] }) {
  const { t } = useTranslation();
  const l = useLocalize();
  const id = useId();
  const [active, setActive] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  if (booths.length === 0) return null;
  const current = booths[Math.min(active, booths.length - 1)]!;
  const onKey = (e: KeyboardEvent) => {
    const move = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    const to = e.key === 'Home' ? 0 : e.key === 'End' ? booths.length - 1 : move ? (active + move + booths.length) % booths.length : -1;
    if (to < 0) return;
    e.preventDefault();
    setActive(to);
    tabs.current[to]?.focus();
  };
  return (
    <section aria-labelledby={`${id}-h`} data-testid="booths">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-h`} className="sr-only">
          {t('home.booths')}
        </h2>
        <div role="tablist" aria-labelledby={`${id}-h`} className="-mx-1 flex gap-1 overflow-x-auto px-1 [scrollbar-width:none]" onKeyDown={onKey}>
          {booths.map((b, i) => (
            <button
              key={b.id}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${i}`}
              aria-selected={i === active}
              aria-controls={`${id}-panel`}
              tabIndex={i === active ? 0 : -1}
              onClick={() => setActive(i)}
              data-testid="booth-tab"
              className={cn(
                'shrink-0 rounded-lg px-3 py-1.5 text-base font-bold tracking-tight transition sm:text-lg',
                i === active ? 'bg-ink-800 text-fg ring-1 ring-ink-600' : 'text-muted hover:text-fg',
              )}
            >
              {l(b.title)}
            </button>
          ))}
        </div>
        {current.link ? (
          <SmartLink to={current.link} className="inline-flex items-center gap-0.5 text-sm font-medium text-muted hover:text-accent-strong">
            {t('home.see_all')}
            <ChevronRight className="size-4" />
          </SmartLink>
        ) : null}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${active}`} data-testid="booth-panel">
        <SkuCards skus={current.skus} variant="capsule" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" />
      </div>
    </section>
  );
}

/** A row of posters from a tagged block or a layout pack, with "see all" when it links somewhere. */
export function PosterRow({ content, testId }: { content: LayoutContent; testId: string }) {
  const { t } = useTranslation();
  const l = useLocalize();
  if (content.skus.length === 0) return null;
  return (
    <Section
      id={`row-${content.kind}-${content.id}`}
      title={l(content.title)}
      more={content.link ? { to: content.link, label: t('home.see_all') } : undefined}
      testId={testId}
    >
      {content.subtitle ? <p className="-mt-2 mb-3 text-sm text-muted">{l(content.subtitle)}</p> : null}
      <Shelf label={l(content.title)}>
        {content.skus.map((s) => (
          <SkuCard key={s.id} sku={s} />
        ))}
      </Shelf>
    </Section>
  );
}

/** Boxes: compact price lists side by side (free to play, under a price…). */
export function Boxes({ boxes }: { boxes: LayoutContent[] }) {
  const { t } = useTranslation();
  const l = useLocalize();
  if (boxes.length === 0) return null;
  return (
    <div className="grid gap-4 md:grid-cols-2" data-testid="boxes">
      {boxes.map((b) => (
        <section key={b.id} aria-labelledby={`box-${b.id}`} className="rounded-2xl bg-ink-900/70 p-4 ring-1 ring-ink-700 sm:p-5" data-testid="box">
          <div className="mb-3 flex items-center justify-between gap-3">
            <h2 id={`box-${b.id}`} className="text-lg font-bold tracking-tight text-fg">
              {l(b.title)}
            </h2>
            {b.link ? (
              <SmartLink to={b.link} className="inline-flex items-center gap-0.5 text-sm font-medium text-muted hover:text-accent-strong">
                {t('home.see_all')}
                <ChevronRight className="size-4" />
              </SmartLink>
            ) : null}
          </div>
          <SkuCards skus={b.skus} variant="compact" className="divide-y divide-ink-800" />
        </section>
      ))}
    </div>
  );
}

/** A cube tile: its art, title and the featured SKU's price. */
function CubeTile({ cube, large }: { cube: LayoutContent; large?: boolean }) {
  const l = useLocalize();
  const sku = cube.skus[0];
  return (
    <SmartLink
      to={cube.link ?? (sku ? paths.sku(sku.id) : '#')}
      className="group relative block overflow-hidden rounded-xl bg-ink-850 ring-1 ring-ink-700 transition hover:ring-accent/60"
      data-testid="cube"
    >
      {cube.image ? <Cover src={cube.image} shape="horizontal" className="transition duration-300 group-hover:scale-[1.03]" /> : <div className="aspect-[92/43] bg-ink-800" />}
      <div className={cn('flex justify-between gap-2', large ? 'absolute inset-x-0 bottom-0 items-end bg-gradient-to-t from-ink-950 via-ink-950/70 to-transparent p-3 pt-10 sm:p-4 sm:pt-12' : 'flex-col p-2.5 sm:flex-row sm:items-end')}>
        <div className="min-w-0">
          <p className={cn('truncate font-semibold text-fg group-hover:text-accent-strong', large ? 'text-base sm:text-lg' : 'text-sm')}>{l(cube.title)}</p>
          {cube.subtitle ? <p className="truncate text-xs text-muted">{l(cube.subtitle)}</p> : null}
        </div>
        {sku ? <Price listPrice={sku.list_price} salePrice={sku.sale_price} currency={sku.currency} size="sm" className="shrink-0" /> : null}
      </div>
    </SmartLink>
  );
}

/**
 * Cubes other than Hot_Group (shown beside the banners), grouped by kind in the order the API gives, each
 * kind capped as the domain says (Mall_Index_Headline at most 3).
 */
export function Cubes({ cubes }: { cubes: LayoutContent[] }) {
  const { t } = useTranslation();
  const groups = new Map<string, LayoutContent[]>();
  for (const c of cubes) {
    const kind = c.cube_kind ?? 'other';
    if (kind === 'Hot_Group') continue;
    groups.set(kind, [...(groups.get(kind) ?? []), c]);
  }
  if (groups.size === 0) return null;
  return (
    <>
      {[...groups].map(([kind, list]) => {
        const items = capCubes(kind, list);
        const headline = kind === 'Mall_Index_Headline';
        const known = kind === 'Mall_Index_Headline' || kind === 'Mall_Index_Game';
        return (
          <Section key={kind} id={`cubes-${kind}`} title={known ? t(`home.cubes.${kind}`) : t('home.cubes.other')} testId={`cubes-${kind}`}>
            <ul className={cn('grid gap-3 sm:gap-4', headline ? 'sm:grid-cols-3' : 'grid-cols-2 lg:grid-cols-3')}>
              {items.map((c) => (
                <li key={c.id}>
                  <CubeTile cube={c} large={headline} />
                </li>
              ))}
            </ul>
          </Section>
        );
      })}
    </>
  );
}
