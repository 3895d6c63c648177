import type { LayoutContent } from '@lantern/contract';
import { capCubes } from '@lantern/domain';
import { useTranslation } from 'react-i18next';
import { useLocalize } from '../../../lib/localize';
import { BannerSlide } from '../../../ui/BannerSlide';
import { Carousel } from '../../../ui/Carousel';
import { Cover } from '../../../ui/Cover';
import { Price } from '../../../ui/Price';
import { SmartLink } from '../../../ui/SmartLink';

/** Hot_Group cubes beside the banners (at most 4, domain `capCubes`). */
function HotList({ cubes }: { cubes: LayoutContent[] }) {
  const { t } = useTranslation();
  const l = useLocalize();
  const hot = capCubes('Hot_Group', cubes);
  if (hot.length === 0) return null;
  return (
    <section aria-labelledby="home-hot" className="relative min-w-0" data-testid="cubes-Hot_Group">
      <h2 id="home-hot" className="mb-2 text-sm font-semibold uppercase tracking-wider text-subtle lg:h-5 lg:leading-5">
        {t('home.cubes.Hot_Group')}
      </h2>
      {/* On a wide screen the list fills the banner's height exactly: the banner sets the row height. */}
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:absolute lg:inset-x-0 lg:bottom-0 lg:top-7 lg:grid-cols-1 lg:grid-rows-4">
        {hot.map((c) => {
          const sku = c.skus[0];
          return (
            <li key={c.id} className="min-h-0">
              <SmartLink
                to={c.link ?? '#'}
                className="group flex h-full flex-col gap-2 rounded-xl bg-ink-850/80 p-1.5 ring-1 ring-ink-700 transition hover:bg-ink-800 hover:ring-accent/50 lg:flex-row lg:items-center lg:gap-3"
                data-testid="cube"
              >
                {c.image ? (
                  <div className="overflow-hidden rounded-lg lg:h-full lg:shrink-0">
                    <Cover src={c.image} shape="horizontal" priority="eager" className="lg:h-full lg:w-auto" />
                  </div>
                ) : null}
                <div className="min-w-0 px-1 pb-1 lg:p-0">
                  <p className="line-clamp-2 text-sm font-semibold leading-snug text-fg group-hover:text-accent-strong">{l(c.title)}</p>
                  {sku ? <Price listPrice={sku.list_price} salePrice={sku.sale_price} currency={sku.currency} size="sm" className="mt-1" /> : null}
                </div>
              </SmartLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function HeroBanners({ banners, cubes }: { banners: LayoutContent[]; cubes: LayoutContent[] }) {
  const { t } = useTranslation();
  const hotCubes = cubes.filter((c) => c.cube_kind === 'Hot_Group');
  if (banners.length === 0 && hotCubes.length === 0) return null;
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2.6fr)_minmax(0,1fr)]">
      {banners.length > 0 ? (
        <Carousel
          items={banners}
          label={t('home.banners')}
          testId="banners"
          renderSlide={(b, i, s) => <BannerSlide banner={b} index={i} visible={s.visible} cta={t('home.banner_cta')} />}
        />
      ) : null}
      <HotList cubes={hotCubes} />
    </div>
  );
}
