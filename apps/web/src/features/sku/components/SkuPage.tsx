import type { SkuDetail, SkuSummary } from '@lantern/contract';
import { hasCommunityGroup } from '@lantern/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { errorPageFor } from '../../../lib/api';
import { seckillEventsQuery } from '../../../lib/flashSaleApi';
import { formatDate, pickDetails, pickText, useLanguage } from '../../../lib/localize';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useMediaQuery } from '../../../lib/useMediaQuery';
import { cn } from '../../../ui/cn';
import { Cover } from '../../../ui/Cover';
import { BoxIcon, CalendarIcon, KeyIcon } from '../../../ui/icons';
import { Price } from '../../../ui/Price';
import { SkippedOffscreen } from '../../../ui/SkippedOffscreen';
import { Section } from '../../../ui/Section';
import { KindBadge, SkuCard, SkuCards } from '../../../ui/SkuCard';
import { PageSpinner } from '../../../ui/Spinner';
import { useKeepSkuUnderItsId, useSku } from '../api/sku';
import { Gallery } from './Gallery';
import { BuyButtons } from './BuyButtons';
import { FlashSalePanel } from './FlashSalePanel';
import { WishButton } from './WishButton';
import { QueueSkus } from './QueueSkus';
import { GiftPacks } from './GiftPacks';
import { ShareAndEarn } from './ShareAndEarn';
import { CrossSale } from './CrossSale';
import { GameReviews } from './GameReviews';
import { OurReviews } from './OurReviews';

const isPhysical = (sku: Pick<SkuSummary, 'cate' | 'key_type'>) => sku.cate === 'physical' || sku.key_type === null;

/** The editions of the product on this site, as links: the current one marked. */
function Editions({ sku }: { sku: SkuDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (sku.editions.length < 2) return null;
  return (
    <nav aria-label={t('sku.editions')} data-testid="editions">
      <p className="mb-2 text-xs font-semibold uppercase tracking-wider text-subtle">{t('sku.editions')}</p>
      <ul className="grid gap-2">
        {sku.editions.map((e) => {
          const current = e.id === sku.id;
          return (
            <li key={e.id}>
              <Link
                to={paths.sku(e.id)}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'flex items-center justify-between gap-3 rounded-xl px-3 py-2.5 ring-1 ring-inset transition',
                  current ? 'bg-accent/10 ring-accent' : 'bg-ink-850 ring-ink-700 hover:ring-ink-600',
                )}
                data-testid="edition"
                data-sku-id={e.id}
              >
                <span className="flex min-w-0 items-center gap-2.5">
                  <span aria-hidden="true" className={cn('grid size-4 shrink-0 place-items-center rounded-full ring-2', current ? 'ring-accent' : 'ring-ink-600')}>
                    {current ? <span className="size-2 rounded-full bg-accent" /> : null}
                  </span>
                  <span className="truncate text-sm font-semibold text-fg">{pickText(e.edition, language) || pickText(e.sku_names, language)}</span>
                </span>
                <Price listPrice={e.list_price} salePrice={e.sale_price} currency={e.currency} size="sm" className="shrink-0" />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Fact({ icon, label, children }: { icon?: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 py-2 text-sm">
      <dt className="flex items-center gap-2 text-muted">
        {icon}
        {label}
      </dt>
      <dd className="text-right font-medium text-fg">{children}</dd>
    </div>
  );
}

function Prose({ text }: { text: string }) {
  return <div className="whitespace-pre-line text-[15px] leading-relaxed text-muted">{text.replace(/\n{3,}/g, '\n\n').trim()}</div>;
}

/**
 * System requirements (minimum / recommended). A peripheral's edition carries its specifications in the
 * same field, with no "recommended" column: then it is one column under a specifications title.
 */
function Requirements({ minimum, recommended, physical }: { minimum: Record<string, string>; recommended: Record<string, string>; physical: boolean }) {
  const { t } = useTranslation();
  const rows = [...new Set([...Object.keys(minimum), ...Object.keys(recommended)])];
  if (rows.length === 0) return null;
  const single = Object.keys(recommended).length === 0;
  const cell = 'px-3 py-2.5 sm:px-4';
  return (
    <Section id="sku-requirements" title={physical ? t('sku.specifications') : t('sku.requirements')} testId="requirements">
      <div className="overflow-x-auto rounded-xl ring-1 ring-ink-700">
        <table className="w-full text-left text-sm">
          {single ? (
            <caption className="sr-only">{physical ? t('sku.specifications') : t('sku.minimum')}</caption>
          ) : (
            <thead className="bg-ink-850 text-xs uppercase tracking-wider text-subtle">
              <tr>
                <th scope="col" className={cn(cell, 'w-24 font-semibold sm:w-32')}>
                  <span className="sr-only">{t('sku.requirement')}</span>
                </th>
                <th scope="col" className={cn(cell, 'font-semibold')}>
                  {t('sku.minimum')}
                </th>
                <th scope="col" className={cn(cell, 'font-semibold')}>
                  {t('sku.recommended')}
                </th>
              </tr>
            </thead>
          )}
          <tbody className="divide-y divide-ink-800">
            {rows.map((r) => (
              <tr key={r} className="align-top">
                <th scope="row" className={cn(cell, 'w-24 font-medium text-muted sm:w-32')}>
                  {r}
                </th>
                <td className={cn(cell, 'text-fg')}>{minimum[r] ?? '—'}</td>
                {single ? null : <td className={cn(cell, 'text-fg')}>{recommended[r] ?? '—'}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

/** Bundles that hold this SKU, each with what it holds. */
function Bundles({ sku }: { sku: SkuDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (sku.bundles.length === 0) return null;
  return (
    <Section id="sku-bundles" title={t('sku.bundles')} testId="bundles">
      <ul className="space-y-3">
        {sku.bundles.map((b) => (
          <li key={b.id} className="rounded-2xl bg-ink-900/70 p-3 ring-1 ring-ink-700 sm:p-4" data-testid="bundle">
            <SkuCard sku={b} variant="row" className="bg-transparent p-0 ring-0 hover:bg-transparent" />
            <p className="mb-2 mt-3 text-xs font-semibold uppercase tracking-wider text-subtle">{t('sku.bundle_includes', { count: b.items.length })}</p>
            <ul className="flex flex-wrap gap-2">
              {b.items.map((i) => (
                <li key={i.id}>
                  <Link to={paths.sku(i.id)} className="flex items-center gap-2 rounded-lg bg-ink-850 py-1 pl-1 pr-3 text-sm text-fg ring-1 ring-ink-700 hover:ring-accent/60" data-testid="bundle-item">
                    <img src={i.sku_covers.horizontal} alt="" width={920} height={430} loading="lazy" className="aspect-[92/43] w-14 rounded object-cover" />
                    {pickText(i.sku_names, language)}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** /sku/{id}: the game (or DLC, bundle, peripheral) with its editions, media, details and relations. */
export function SkuPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const keepSkuUnderItsId = useKeepSkuUnderItsId();
  const wide = useMediaQuery('(min-width: 1024px)');
  const valid = /^\d{1,12}$/.test(id);
  const query = useSku(valid ? id : '0');
  const sku = query.data;
  // The flash-sale panel stands above the buy box: the page is drawn once the site's flash sales are known
  // too (asked for with the SKU, in parallel), so the box does not move down when the panel appears.
  const events = useQuery(seckillEventsQuery);
  useDocumentTitle(sku ? pickText(sku.sku_names, language) : null);

  useEffect(() => {
    if (!valid) navigate(paths.notFound, { replace: true });
    else if (query.isError) navigate(errorPageFor(query.error) ?? paths.serverError, { replace: true });
    else if (sku && String(sku.id) !== id) {
      // A SKU that is not among its product's SKUs shows the product's first SKU.
      keepSkuUnderItsId(sku);
      navigate(paths.sku(sku.id), { replace: true });
    }
  }, [valid, query.isError, query.error, sku, id, navigate, keepSkuUnderItsId]);

  if (!sku || String(sku.id) !== id || events.isPending) return <PageSpinner label={t('ui.loading')} />;

  const details = pickDetails(sku.edition_profile.edition_details, language);
  const name = pickText(sku.sku_names, language);
  const edition = pickText(sku.edition, language);
  const physical = isPhysical(sku);
  const images = details.media.filter((m) => m.kind === 'image').map((m) => ({ url: m.url, caption: m.caption }));
  const released = sku.released_at_timestamp;
  const category = sku.category;

  // Activation, signed-in extras and the small print: under the price column on a wide screen, after the
  // description on a phone (where the price column comes first).
  const extras = (
    <div className="space-y-10 lg:pt-6">
      {details.activation ? (
        <Section id="sku-activation" title={physical ? t('sku.shipping') : t('sku.activation')} testId="activation">
          <div className="rounded-xl bg-ink-900/60 p-4 ring-1 ring-ink-800">
            <Prose text={details.activation} />
          </div>
        </Section>
      ) : null}
      <QueueSkus skuId={sku.id} />
      <GiftPacks skuId={sku.id} />
      <CrossSale skuId={sku.id} />
      {details.copyright ? <p className="text-xs leading-relaxed text-subtle">{details.copyright}</p> : null}
    </div>
  );

  return (
    <div data-testid="sku-page" data-sku-id={sku.id}>
      <div className="relative isolate overflow-hidden">
        {details.background ? (
          // A wash of the game's art behind the title, from a tablet's width up: on a phone it would be the
          // page's largest paint (a blurred picture, the last thing to arrive), so a phone goes without it.
          <div aria-hidden="true" className="absolute inset-x-0 top-0 -z-10 hidden h-[30rem] sm:block">
            <img src={details.background} alt="" width={1920} height={640} loading="lazy" className="size-full object-cover opacity-30 blur-sm" />
            <div className="absolute inset-0 bg-gradient-to-b from-ink-950/40 via-ink-950/80 to-ink-950" />
          </div>
        ) : null}

        <div className="mx-auto max-w-7xl px-4 pb-4 pt-5 sm:px-6 sm:pt-8">
          <nav aria-label={t('sku.breadcrumb')} className="mb-3 text-sm text-muted">
            <ol className="flex flex-wrap items-center gap-1.5">
              <li>
                <Link to={physical ? paths.peripheral : paths.root} className="hover:text-fg">
                  {physical ? t('nav.peripherals') : t('nav.store')}
                </Link>
              </li>
              {category ? (
                <li className="flex items-center gap-1.5">
                  <span aria-hidden="true">/</span>
                  <Link to={`/search?category=${category.id}`} className="hover:text-fg">
                    {pickText(category.name, language)}
                  </Link>
                </li>
              ) : null}
            </ol>
          </nav>
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-black tracking-tight text-fg sm:text-4xl" data-testid="sku-title">
              {name}
            </h1>
            <KindBadge sku={sku} />
          </div>
          {details.headline ? <p className="mt-2 max-w-3xl text-muted">{details.headline}</p> : null}

          <div className="mt-5 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1.75fr)_minmax(0,1fr)] lg:grid-rows-[auto_1fr] lg:gap-x-8 lg:gap-y-4">
            <div className="min-w-0 lg:col-start-1 lg:row-start-1">
              {images.length > 0 ? <Gallery images={images} title={name} /> : <Cover src={sku.sku_covers.horizontal} shape="horizontal" alt={name} priority="high" className="rounded-xl" />}
            </div>

            <aside className="min-w-0 space-y-4 lg:col-start-2 lg:row-span-2 lg:row-start-1" aria-label={t('sku.purchase_panel')}>
              <div className="hidden overflow-hidden rounded-xl ring-1 ring-ink-700 lg:block">
                <Cover src={sku.sku_covers.horizontal} shape="horizontal" alt="" priority="eager" />
              </div>
              {details.summary ? <p className="text-sm leading-relaxed text-muted">{details.summary}</p> : null}

              <FlashSalePanel sku={sku} />
              <div className="rounded-2xl bg-ink-900/80 p-4 ring-1 ring-ink-700 backdrop-blur" data-testid="buy-box">
                <Editions sku={sku} />
                <div className={cn('flex flex-wrap items-end justify-between gap-3', sku.editions.length > 1 && 'mt-4 border-t border-ink-800 pt-4')}>
                  <div>
                    <p className="mb-1 text-xs text-muted">{edition || name}</p>
                    <Price listPrice={sku.list_price} salePrice={sku.sale_price} currency={sku.currency} size="lg" />
                  </div>
                  <WishButton sku={sku} />
                </div>
                <BuyButtons sku={sku} />
                {sku.status === 'pre_sale' && released ? (
                  <p className="mt-3 flex items-center gap-2 rounded-lg bg-accent/10 px-3 py-2 text-sm text-accent-strong" data-testid="pre-sale">
                    <CalendarIcon className="size-4" />
                    {t('sku.pre_sale_note', { date: formatDate(released, language) })}
                  </p>
                ) : null}
                {sku.status === 'off' || sku.status === 'unpublished' ? <p className="mt-3 text-sm text-muted">{t('sku.not_for_sale')}</p> : null}
              </div>

              <ShareAndEarn skuId={sku.id} />

              {sku.base_sku ? (
                <div className="rounded-xl bg-info/10 p-3 text-sm text-fg ring-1 ring-inset ring-info/30" data-testid="base-game">
                  <p className="font-semibold text-info">{t('sku.requires_base')}</p>
                  <Link to={paths.sku(sku.base_sku.id)} className="mt-1 inline-block font-medium underline-offset-4 hover:underline">
                    {pickText(sku.base_sku.sku_names, language)}
                  </Link>
                </div>
              ) : null}

              <dl className="divide-y divide-ink-800 rounded-xl bg-ink-900/60 px-4 py-1 ring-1 ring-ink-800" data-testid="facts">
                <Fact icon={physical ? <BoxIcon className="size-4" /> : <KeyIcon className="size-4" />} label={physical ? t('sku.delivery') : t('sku.platform')}>
                  {physical ? t('sku.physical_delivery') : t('sku.key_of', { platform: t(`sku.key_types.${sku.key_type}`) })}
                </Fact>
                {released ? (
                  <Fact icon={<CalendarIcon className="size-4" />} label={physical ? t('sku.available_since') : t('sku.release_date')}>
                    <span data-testid="release-date">{formatDate(released, language)}</span>
                  </Fact>
                ) : null}
                {sku.developer ? <Fact label={physical ? t('sku.brand') : t('sku.developer')}>{sku.developer}</Fact> : null}
                {sku.publisher && sku.publisher !== sku.developer ? <Fact label={t('sku.publisher')}>{sku.publisher}</Fact> : null}
                {details.noumenon_version ? <Fact label={t('sku.version')}>{details.noumenon_version}</Fact> : null}
              </dl>

              {sku.tags.length > 0 ? (
                <ul className="flex flex-wrap gap-1.5" aria-label={t('sku.tags')}>
                  {sku.tags.map((tg) => (
                    <li key={tg.id}>
                      <Link to={`/search?tags=${tg.id}`} className="inline-block rounded-full bg-ink-850 px-2.5 py-1 text-xs font-medium text-muted ring-1 ring-ink-700 hover:text-fg hover:ring-ink-600">
                        {pickText(tg.name, language)}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
              {wide ? extras : null}
            </aside>

            <div className="min-w-0 space-y-10 pt-4 lg:col-start-1 lg:row-start-2">
              {details.description ? (
                <Section id="sku-about" title={physical ? t('sku.about_product') : sku.kind === 'bundle' ? t('sku.about_bundle') : sku.kind === 'dlc' ? t('sku.about_dlc') : t('sku.about')} testId="description">
                  <Prose text={details.description} />
                </Section>
              ) : null}

              {sku.bundle_items.length > 0 ? (
                <Section id="sku-bundle-items" title={t('sku.bundle_includes', { count: sku.bundle_items.length })} testId="bundle-items">
                  <SkuCards skus={sku.bundle_items} variant="row" className="space-y-2.5" />
                </Section>
              ) : null}

              {sku.dlcs.length > 0 ? (
                <Section id="sku-dlcs" title={t('sku.dlcs', { count: sku.dlcs.length })} testId="dlcs">
                  <SkuCards skus={sku.dlcs} variant="row" note={<span className="text-info">{t('sku.dlc_needs_base', { name })}</span>} className="space-y-2.5" />
                </Section>
              ) : null}

              <Bundles sku={sku} />
              {/* Below a phone's first screen: drawn when they come near it (ui/SkippedOffscreen). */}
              <SkippedOffscreen estimate="60rem" className="space-y-10">
                {hasCommunityGroup(sku.kind) ? <OurReviews productId={sku.product_id} /> : null}
                <Requirements minimum={details.system_requirements.minimum} recommended={details.system_requirements.recommended} physical={physical} />
                {physical ? null : <GameReviews skuId={sku.id} />}
              </SkippedOffscreen>
              {wide ? null : extras}
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
