import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { LoadingBlock, RetryState } from '../../../ui/LoadStates';
import { useHome } from '../api/home';
import { BelowFold } from './BelowFold';
import { Booths, Boxes, Cubes, Ellipses, PosterRow, Springboard } from './Blocks';
import { HomeHeadlines } from './HomeHeadlines';
import { HeroBanners } from './HeroBanners';
import { Packs } from './Packs';
import { FlashSales } from './FlashSaleBlock';
import { DealsLinks } from './DealsLinks';
import { CouponAreasBlock } from './CouponAreasBlock';
import { PointRedeemsBlock } from './PointRedeemsBlock';

const SubjectsTab = lazy(() => import('./SubjectsTab').then((m) => ({ default: m.SubjectsTab })));

/** While the home loads: the banner's box and a shelf, so nothing jumps when the data arrives. */
function HomeSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" aria-label={t('ui.loading')} className="space-y-10">
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2.6fr)_minmax(0,1fr)]">
        <div className="aspect-[16/9] animate-pulse rounded-2xl bg-ink-850 sm:aspect-[3/1]" />
        <div className="hidden animate-pulse rounded-2xl bg-ink-900 lg:block" />
      </div>
      <div className="h-28 animate-pulse rounded-2xl bg-ink-900" />
      <div className="h-96 animate-pulse rounded-2xl bg-ink-900" />
    </div>
  );
}

/** The store home (/ and /home; docs/product/catalogue.md#store-home): every block the API gives, nothing for the empty ones; /home?type=subject is the community's subjects tab. */
export function HomePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const subjects = params.get('type') === 'subject';
  useDocumentTitle(subjects ? t('nav.community') : t('nav.store'));
  // /home?type=subject is the community subjects tab (docs/product/screens.md; the beginners' guide's step 4 goes there).
  if (subjects) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-10" data-testid="home-page">
        <Suspense fallback={<LoadingBlock />}>
          <SubjectsTab />
        </Suspense>
      </div>
    );
  }
  return <StoreHome />;
}

function StoreHome() {
  const { t } = useTranslation();
  const home = useHome();
  const data = home.data;
  return (
    <div className="mx-auto max-w-7xl px-4 pb-8 pt-4 sm:px-6 sm:pt-6" data-testid="home-page">
      <h1 className="sr-only">{t('home.title')}</h1>
      {home.isPending ? (
        <HomeSkeleton />
      ) : home.isError || !data ? (
        <RetryState className="my-10" title={t('home.error_title')} body={t('home.error_body')} onRetry={home.refetch} />
      ) : (
        <div className="space-y-10 sm:space-y-12">
          <HeroBanners banners={data.banners} cubes={data.cubes} />
          <Ellipses items={data.ellipses} />
          {data.seckills.length > 0 ? <FlashSales items={data.seckills} /> : null}
          <DealsLinks />
          {/* Below the fold: rendered just after the first paint, and laid out only near the viewport (BelowFold). */}
          {data.springboard ? (
            <BelowFold minHeight="26rem" order={0}>
              <Springboard board={data.springboard} />
            </BelowFold>
          ) : null}
          {data.booths.length > 0 ? (
            <BelowFold minHeight="34rem" order={1}>
              <Booths booths={data.booths} />
            </BelowFold>
          ) : null}
          {data.tagged.map((row, i) =>
            row.skus.length > 0 ? (
              <BelowFold key={row.id} minHeight="25rem" order={2 + i}>
                <PosterRow content={row} testId="tagged" />
              </BelowFold>
            ) : null,
          )}
          {data.coupon_areas.length > 0 ? (
            <BelowFold minHeight="48rem" order={6}>
              <CouponAreasBlock items={data.coupon_areas} />
            </BelowFold>
          ) : null}
          {data.cubes.some((c) => c.cube_kind !== 'Hot_Group') ? (
            <BelowFold minHeight="40rem" order={6}>
              <Cubes cubes={data.cubes} />
            </BelowFold>
          ) : null}
          {data.headlines.length > 0 ? (
            <BelowFold minHeight="18rem" order={7}>
              <HomeHeadlines items={data.headlines} />
            </BelowFold>
          ) : null}
          {data.boxes.length > 0 ? (
            <BelowFold minHeight="30rem" order={7}>
              <Boxes boxes={data.boxes} />
            </BelowFold>
          ) : null}
          {data.point_redeems.length > 0 ? (
            <BelowFold minHeight="34rem" order={8}>
              <PointRedeemsBlock items={data.point_redeems} />
            </BelowFold>
          ) : null}
          {data.pack_ids.length > 0 ? (
            <BelowFold minHeight="100rem" order={8}>
              <Packs ids={data.pack_ids} />
            </BelowFold>
          ) : null}
        </div>
      )}
    </div>
  );
}
