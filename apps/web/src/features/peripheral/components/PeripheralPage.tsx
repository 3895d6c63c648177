import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { pickText, useLanguage } from '../../../lib/localize';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { BannerSlide } from '../../../ui/BannerSlide';
import { Carousel } from '../../../ui/Carousel';
import { RetryState } from '../../../ui/LoadStates';
import { Section } from '../../../ui/Section';
import { Shelf } from '../../../ui/Shelf';
import { SkuCard } from '../../../ui/SkuCard';
import { usePeriHome } from '../api/periHome';
import { PeriNav } from './PeriNav';
import { PageTitle } from '../../../ui/PageTitle';

const TILE_TINTS = ['from-[#f5a524]/25', 'from-[#6cb6ff]/25', 'from-[#4fd98a]/25', 'from-[#ff7b7b]/25', 'from-[#a29bfe]/25', 'from-[#48dbfb]/25'];

/** /peripheral: the gear shop — banners, navigation tags, categories and featured rows. */
export function PeripheralPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const home = usePeriHome();
  useDocumentTitle(t('peripheral.title'));
  const data = home.data;
  return (
    <div className="mx-auto max-w-7xl px-4 pb-8 pt-5 sm:px-6 sm:pt-8" data-testid="peripheral-page">
      <PageTitle title={t('peripheral.title')} intro={t('peripheral.subtitle')} className="mb-4" />
      {home.isPending ? (
        <div role="status" aria-busy="true" aria-label={t('ui.loading')} className="space-y-6">
          <div className="h-10 animate-pulse rounded-full bg-ink-900" />
          <div className="aspect-[16/9] animate-pulse rounded-2xl bg-ink-850 sm:aspect-[3/1]" />
        </div>
      ) : home.isError || !data ? (
        <RetryState title={t('home.error_title')} body={t('home.error_body')} onRetry={home.refetch} />
      ) : (
        <div className="space-y-10">
          <PeriNav tags={data.nav_items} />
          {data.banners.length > 0 ? (
            <Carousel
              items={data.banners}
              label={t('peripheral.banners')}
              testId="peri-banners"
              renderSlide={(b, i, s) => <BannerSlide banner={b} index={i} visible={s.visible} cta={t('home.banner_cta')} />}
            />
          ) : null}
          {data.categories.length > 0 ? (
            <Section id="peri-categories" title={t('peripheral.categories')} testId="peri-categories">
              <ul className="grid grid-cols-3 gap-2 sm:gap-3 lg:grid-cols-5">
                {data.categories.map((c, i) => (
                  <li key={c.id}>
                    <Link
                      to={`${paths.search}?category=${c.id}&cate=physical`}
                      className={`flex h-14 items-end rounded-xl bg-gradient-to-br ${TILE_TINTS[i % TILE_TINTS.length]} to-ink-850 p-2.5 text-sm font-bold text-fg ring-1 ring-ink-700 transition hover:ring-accent/60 sm:h-20 sm:p-3 sm:text-base`}
                      data-testid="peri-category"
                    >
                      {pickText(c.name, language)}
                    </Link>
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}
          {data.sections.map((section) =>
            section.skus.length > 0 ? (
              <Section
                key={section.tag.id}
                id={`peri-section-${section.tag.id}`}
                title={pickText(section.tag.name, language)}
                more={{ to: paths.periTag(section.tag.id), label: t('home.see_all') }}
                testId="peri-section"
              >
                <Shelf label={pickText(section.tag.name, language)}>
                  {section.skus.map((s) => (
                    <SkuCard key={s.id} sku={s} />
                  ))}
                </Shelf>
              </Section>
            ) : null,
          )}
        </div>
      )}
    </div>
  );
}
