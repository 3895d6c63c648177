import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { useMe } from '../../../lib/session';
import { useSite } from '../../../lib/site';
import { openSignIn } from '../../../lib/signInStore';
import { Button, buttonClass } from '../../../ui/Button';
import { CoverArt } from './CoverArt';

const SHELF = ['Ember Tide', 'Starfall', 'Neon Drift', 'Verdant', 'Hollow Crown', 'Aurora', 'Skyforge', 'Lantern Road'];

function SectionHeading({ title, note }: { title: string; note?: string }) {
  return (
    <div className="mb-4 flex items-end justify-between gap-3">
      <h2 className="text-lg font-bold tracking-tight text-fg sm:text-xl">{title}</h2>
      {note ? <span className="rounded-full bg-ink-800 px-2.5 py-1 text-xs font-medium text-muted ring-1 ring-ink-700">{note}</span> : null}
    </div>
  );
}

/** Home (/ and /home): the store's welcome until the catalogue arrives in the next issue. */
export function HomePage() {
  const { t } = useTranslation();
  const site = useSite();
  const { data: me } = useMe();
  const siteName = site.area === 'native' ? t('home.site_native') : t('home.site_abroad');
  return (
    <div data-testid="home-page">
      <section className="relative overflow-hidden border-b border-ink-800">
        <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-0 hidden w-1/2 lg:block">
          <div className="absolute right-[38%] top-1/2 w-44 -translate-y-[55%] -rotate-6 overflow-hidden rounded-2xl opacity-80 shadow-2xl ring-1 ring-ink-700 xl:w-48">
            <CoverArt seed={4} title="Hollow Crown" className="aspect-[3/4] w-full" />
          </div>
          <div className="absolute right-[8%] top-1/2 w-44 -translate-y-[40%] rotate-6 overflow-hidden rounded-2xl opacity-80 shadow-2xl ring-1 ring-ink-700 xl:w-48">
            <CoverArt seed={1} title="Starfall" className="aspect-[3/4] w-full" />
          </div>
          <div className="absolute right-[21%] top-1/2 w-52 -translate-y-1/2 overflow-hidden rounded-2xl shadow-[0_30px_80px_-20px_rgb(245_165_36/0.45)] ring-1 ring-accent/50 xl:w-56">
            <CoverArt seed={7} title="Lantern Road" className="aspect-[3/4] w-full" />
          </div>
        </div>
        <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(700px_380px_at_75%_50%,rgb(245_165_36/0.10),transparent_70%)]" />
        <div className="relative mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:py-28">
          <p className="inline-flex items-center gap-2 rounded-full bg-accent/10 px-3 py-1 text-xs font-semibold text-accent ring-1 ring-inset ring-accent/30">
            <span className="size-1.5 rounded-full bg-accent" aria-hidden="true" />
            {siteName}
          </p>
          <h1 className="mt-5 max-w-2xl text-4xl font-black leading-[1.1] tracking-tight text-balance text-fg sm:text-5xl lg:text-6xl">
            {t('home.hero_title')}
          </h1>
          <p className="mt-5 max-w-xl text-base leading-relaxed text-muted sm:text-lg">{t('home.hero_body')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            {me ? (
              <Link to={paths.points} className={buttonClass('primary', 'lg')}>
                {t('home.cta_points')}
              </Link>
            ) : (
              <>
                <Link to={paths.signUp} className={buttonClass('primary', 'lg')}>
                  {t('home.cta_join')}
                </Link>
                <Button variant="secondary" size="lg" onClick={() => openSignIn()}>
                  {t('nav.sign_in')}
                </Button>
              </>
            )}
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-7xl space-y-14 px-4 py-12 sm:px-6">
        <section aria-labelledby="featured">
          <SectionHeading title={t('home.featured')} note={t('home.coming_soon')} />
          <h2 id="featured" className="sr-only">
            {t('home.featured')}
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4 lg:grid-cols-8">
            {SHELF.map((name, i) => (
              <li key={name} className="group">
                <div className="overflow-hidden rounded-xl ring-1 ring-ink-700 transition duration-200 group-hover:-translate-y-1 group-hover:ring-accent/60">
                  <CoverArt seed={i} title={name} className="aspect-[3/4] w-full" />
                </div>
                <p className="mt-2 truncate text-sm font-medium text-fg">{name}</p>
                <p className="text-xs text-subtle">{t('home.price_soon')}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="grid gap-4 md:grid-cols-3">
          {(['keys', 'community', 'points'] as const).map((k) => (
            <div key={k} className="rounded-2xl bg-ink-850/80 p-5 ring-1 ring-ink-700">
              <p className="text-sm font-semibold text-accent">{t(`home.pillar_${k}_kicker`)}</p>
              <h3 className="mt-1 text-lg font-bold text-fg">{t(`home.pillar_${k}_title`)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{t(`home.pillar_${k}_body`)}</p>
            </div>
          ))}
        </section>

        <section className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-ink-800 to-ink-900 p-6 ring-1 ring-ink-700 sm:p-10">
          <div aria-hidden="true" className="pointer-events-none absolute -right-20 -top-20 size-72 rounded-full bg-accent/20 blur-3xl" />
          <div className="relative flex flex-col gap-5 md:flex-row md:items-center md:justify-between">
            <div>
              <h2 className="text-2xl font-bold text-fg">{t('home.flash_title')}</h2>
              <p className="mt-2 max-w-lg text-muted">{t('home.flash_body')}</p>
            </div>
            <Link to={me ? paths.points : paths.signUp} className={buttonClass('primary', 'lg')}>
              {me ? t('home.cta_points') : t('home.cta_join')}
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
